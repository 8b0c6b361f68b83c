import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { recordHash } from '../../src/mapping/rows/record-hash.js';
import { runBuiltCli } from '../cli/run-built-cli.js';
import { MAPPING, sampleCsv } from '../e2e/ingest-harness.js';
import { withSandbox } from '../helpers/with-sandbox.js';

/** The parts of a pod spec the test reads. */
interface Container {
  readonly name: string;
  readonly image: string;
  readonly args: readonly string[];
  readonly env: readonly { name: string; value?: string; valueFrom?: { fieldRef?: { fieldPath: string } } }[];
  readonly volumeMounts: readonly { name: string; mountPath: string; readOnly?: boolean }[];
}
interface PodSpec {
  readonly restartPolicy: string;
  readonly securityContext: { runAsNonRoot: boolean; runAsUser: number };
  readonly containers: readonly Container[];
  readonly volumes: readonly {
    name: string;
    secret?: { secretName: string; defaultMode: number; items: { key: string; path: string }[] };
    persistentVolumeClaim?: { claimName: string };
    emptyDir?: object;
  }[];
}

/** The parts of the manifests the test reads (what it does not read is not typed). */
interface Manifest {
  readonly kind: string;
  readonly metadata: { readonly name: string };
  readonly spec: {
    readonly completionMode?: string;
    readonly completions?: number;
    readonly parallelism?: number;
    readonly template?: { readonly spec: PodSpec };
    readonly concurrencyPolicy?: string;
    readonly schedule?: string;
    readonly jobTemplate?: { readonly spec: { readonly template: { readonly spec: PodSpec } } };
    readonly accessModes?: readonly string[];
  };
}

const DIR = path.resolve('deploy/kubernetes');
// Kubernetes reads manifests as YAML 1.1 (0440 is octal there).
const manifest = async (file: string): Promise<Manifest> =>
  parse(await readFile(path.join(DIR, file), 'utf8'), { version: '1.1' }) as Manifest;

const COMPLETION_INDEX = "metadata.annotations['batch.kubernetes.io/job-completion-index']";

/**
 * The container's command line and environment as the kubelet would run them in `root`: each volume
 * mounted at a folder of its own there, `$(VAR)` expanded from the container's environment (the
 * completion index from the pod's annotation), and the platform pointed at the sandbox.
 */
function podCommand(
  pod: PodSpec,
  root: string,
  index: number,
  platform: { url: string },
): { args: string[]; env: Record<string, string>; mounts: Map<string, string> } {
  const container = pod.containers[0]!;
  const mounts = new Map(container.volumeMounts.map((m) => [m.mountPath, path.join(root, 'volumes', m.name)]));
  const local = (text: string): string => {
    for (const [mountPath, folder] of mounts)
      if (text === mountPath || text.startsWith(`${mountPath}/`)) return folder + text.slice(mountPath.length);
    return text;
  };
  const env: Record<string, string> = {};
  for (const e of container.env) {
    if (e.valueFrom?.fieldRef?.fieldPath === COMPLETION_INDEX) env[e.name] = String(index);
    else if (e.value !== undefined) env[e.name] = local(e.value.replace(/\$\((\w+)\)/g, (_, name: string) => env[name] ?? ''));
    else throw new Error(`env ${e.name} comes from somewhere the test cannot follow`);
  }
  env['MGE_BASE_URL'] = platform.url;
  const args = container.args.map((arg) => local(arg.replace(/\$\((\w+)\)/g, (whole, name: string) => env[name] ?? whole)));
  return { args, env, mounts };
}

/** The pod's volumes made as the manifests describe them: the token Secret's file, the data folders. */
async function mountVolumes(pod: PodSpec, root: string, token: string): Promise<string> {
  for (const volume of pod.volumes) {
    const folder = path.join(root, 'volumes', volume.name);
    await mkdir(folder, { recursive: true });
    if (volume.secret !== undefined) for (const item of volume.secret.items) await writeFile(path.join(folder, item.path), `${token}\n`);
  }
  const data = path.join(root, 'volumes', pod.volumes.find((v) => v.persistentVolumeClaim !== undefined)!.name);
  for (const sub of ['incoming', 'mappings', 'reports', 'metrics']) await mkdir(path.join(data, sub), { recursive: true });
  return data;
}

function checkPod(pod: PodSpec): Container {
  expect(pod.restartPolicy).toBe('Never');
  expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
  const container = pod.containers[0]!;
  expect(container.name).toBe('ingest');
  expect(container.image).toMatch(/^mge-ingest:/);
  // The token only as a file from a Secret, mounted whole (a subPath mount is never updated).
  const tokenFile = container.env.find((e) => e.name === 'MGE_TOKEN_FILE')?.value ?? '';
  const secret = pod.volumes.find((v) => v.secret !== undefined)!;
  const mount = container.volumeMounts.find((m) => m.name === secret.name)!;
  expect(mount.readOnly).toBe(true);
  expect(mount).not.toHaveProperty('subPath');
  expect(tokenFile).toBe(`${mount.mountPath}/${secret.secret!.items[0]!.path}`);
  expect(secret.secret!.defaultMode).toBe(0o440);
  expect(container.env.some((e) => e.name === 'MGE_TOKEN')).toBe(false);
  expect(container.args.join(' ')).not.toMatch(/token/i);
  return container;
}

/** Stored record hashes, with how often each was stored. */
function copies(records: readonly { sent: unknown }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(recordHash(r.sent), (counts.get(recordHash(r.sent)) ?? 0) + 1);
  return counts;
}

describe('deploy/kubernetes', () => {
  test(
    'the Indexed Job: its N command lines, run against the sandbox, store every row exactly once; report sums the shards',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const job = await manifest('indexed-job.yaml');
        expect(job.kind).toBe('Job');
        expect(job.spec.completionMode).toBe('Indexed');
        const n = job.spec.completions ?? 0;
        expect(n).toBeGreaterThan(1);
        expect(job.spec.parallelism).toBe(n);
        const pod = job.spec.template!.spec;
        const container = checkPod(pod);
        expect(container.args).toContain(`$(JOB_COMPLETION_INDEX)/${n}`);

        const data = await mountVolumes(pod, dir, sandbox.token);
        // The manifest's rate (2 a second a pod) makes each pod take rows / n / 2 seconds.
        const rows = 40;
        await sampleCsv(path.join(data, 'incoming'), rows, 'alloys.csv');
        await copyFile(MAPPING, path.join(data, 'mappings', 'migration.yaml'));
        // All n pods at once, as `parallelism: n` runs them.
        const pods = Array.from({ length: n }, (_, index) => podCommand(pod, dir, index, sandbox));
        pods.forEach(({ args }, index) => expect(args).toContain(`${index}/${n}`));
        const runs = await Promise.all(pods.map(({ args, env }) => runBuiltCli(args, { env, cwd: dir })));
        expect(runs.map((run) => [run.code, run.stderr])).toEqual(runs.map(() => [0, '']));
        const stored = copies(sandbox.records());
        expect(sandbox.records()).toHaveLength(rows);
        expect([...stored.values()].every((c) => c === 1)).toBe(true);
        expect((await readdir(path.join(data, 'reports'))).sort()).toEqual(
          // Each shard's report, and its ledger index (the fold of its lines, for the next run).
          Array.from({ length: n }, (_, i) => [`migration-shard-${i}.jsonl`, `migration-shard-${i}.jsonl.index`]).flat(),
        );
        expect(await readdir(path.join(data, 'metrics'))).toHaveLength(n);

        const report = await runBuiltCli(['report', path.join(data, 'reports', 'migration-shard-*.jsonl'), '--json'], { cwd: dir });
        expect(report.code).toBe(0);
        expect(JSON.parse(report.stdout)).toMatchObject({ keys: rows, counts: { uploaded: rows } });
      }),
    180_000,
  );

  test(
    'the CronJob: never two at once; its command line uploads the drop folder, moves the file done, and the next night has nothing to do',
    () =>
      withSandbox({}, async (sandbox, dir) => {
        const cron = await manifest('cronjob.yaml');
        expect(cron.kind).toBe('CronJob');
        expect(cron.spec.concurrencyPolicy).toBe('Forbid');
        expect(cron.spec.schedule).toMatch(/^\S+ \S+ \* \* \*$/);
        const pod = cron.spec.jobTemplate!.spec.template.spec;
        checkPod(pod);
        const data = await mountVolumes(pod, dir, sandbox.token);
        await sampleCsv(path.join(data, 'incoming'), 20, 'tonight.csv');
        await copyFile(MAPPING, path.join(data, 'mappings', 'nightly.yaml'));
        const { args, env } = podCommand(pod, dir, 0, sandbox);
        const night = await runBuiltCli(args, { env, cwd: dir });
        expect(night.stderr).toBe('');
        expect(night.code).toBe(0);
        expect(sandbox.records()).toHaveLength(20);
        expect(await readdir(path.join(data, 'incoming'))).toEqual([]);
        expect(await readdir(path.join(data, 'done'))).toEqual(['tonight.csv']);
        const next = await runBuiltCli(args, { env, cwd: dir });
        expect(next.code).toBe(0);
        expect(next.stdout).toContain('nothing to do');
        expect(sandbox.records()).toHaveLength(20);
        expect(await readFile(path.join(data, 'metrics', 'nightly.prom'), 'utf8')).toContain('mge_ingest_exit_code{report=');
      }),
    120_000,
  );

  test('the volume is shared by pods on several nodes', async () => {
    const claim = await manifest('volume.yaml');
    expect(claim.kind).toBe('PersistentVolumeClaim');
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    const job = await manifest('indexed-job.yaml');
    expect(job.spec.template!.spec.volumes.find((v) => v.persistentVolumeClaim)?.persistentVolumeClaim?.claimName).toBe(
      claim.metadata.name,
    );
  });
});
