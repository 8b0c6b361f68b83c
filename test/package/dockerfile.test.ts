/**
 * The Dockerfile without a container daemon (CI has none): each stage's files are laid out in a
 * folder of its own standing for the stage's `/`, exactly as its COPY lines copy them from the build
 * context (minus what .dockerignore leaves out) or from an earlier stage, and its RUN steps run there
 * with the npm on this machine; then the image's command (ENTRYPOINT + CMD) runs in the last stage.
 * Stages run concurrently, a COPY --from waiting for its stage, as BuildKit does. What this cannot
 * show: the base images' own contents (their node and npm versions) and steps that need root.
 */
import { spawn } from 'node:child_process';
import { cp, lstat, mkdir, readFile, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { makeTempDir } from '../helpers/temp-dir.js';

const context = process.cwd();

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Instruction {
  readonly op: string;
  readonly args: string;
  /** 1-based line of the instruction's first line. */
  readonly line: number;
}

/** The Dockerfile's instructions: comments and blank lines dropped, `\` continuations joined. */
function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (pending === undefined && (line === '' || line.startsWith('#'))) continue;
    if (pending !== undefined && line.startsWith('#')) continue;
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1) : line;
    pending = pending === undefined ? { text: part, line: i + 1 } : { text: `${pending.text} ${part}`, line: pending.line };
    if (continued) continue;
    const match = /^(\S+)\s*(.*)$/.exec(pending.text);
    if (match) out.push({ op: match[1]!.toUpperCase(), args: match[2]!.trim(), line: pending.line });
    pending = undefined;
  }
  return out;
}

/** A JSON array (exec form) or whitespace-separated words (shell form). */
function words(args: string): string[] {
  if (args.startsWith('[')) return JSON.parse(args) as string[];
  return args.split(/\s+/).filter((w) => w !== '');
}

/** Whether .dockerignore leaves `rel` (a path in the context, `/`-separated) out: the last pattern matching it or a parent decides. */
function dockerIgnore(text: string): (rel: string) => boolean {
  const patterns = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const negated = l.startsWith('!');
      const body = path.posix.normalize((negated ? l.slice(1) : l).trim()).replace(/^\/+|\/+$/g, '');
      const source = body
        .split('/')
        .map((seg) =>
          seg === '**'
            ? '.*'
            : seg
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*/g, '[^/]*')
                .replace(/\?/g, '[^/]'),
        )
        .join('/')
        .replace(/\.\*\//g, '(?:.*/)?');
      return { negated, re: new RegExp(`^${source}$`) };
    });
  return (rel) => {
    const parts = rel.split('/');
    const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const p of patterns) if (candidates.some((c) => p.re.test(c))) ignored = !p.negated;
    return ignored;
  };
}

/** The environment of a step: this one's, without what jest and npm's own script runner add. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name === 'NODE_OPTIONS' || name.startsWith('npm_lifecycle_') || name.startsWith('npm_package_')) continue;
    env[name] = value;
  }
  return env;
}

interface Stage {
  readonly name: string;
  readonly root: string;
  readonly steps: Instruction[];
}

/** Builds every stage; resolves with the last stage's root, working directory, environment and command. */
async function build(dockerfile: string, ignoredText: string, dir: string) {
  const ignored = dockerIgnore(ignoredText);
  const stages: Stage[] = [];
  for (const ins of parseDockerfile(dockerfile)) {
    if (ins.op === 'FROM') {
      const [, as, name] = words(ins.args);
      const stageName = as?.toUpperCase() === 'AS' && name !== undefined ? name : String(stages.length);
      stages.push({ name: stageName, root: path.join(dir, `stage-${stages.length}`), steps: [] });
    } else if (ins.op !== 'ARG' || stages.length > 0) {
      const stage = stages.at(-1);
      if (stage === undefined) throw new Error(`Dockerfile:${ins.line}: ${ins.op} before FROM`);
      stage.steps.push(ins);
    }
  }
  const done = new Map<string, Promise<unknown>>();
  let final: { root: string; cwd: string; env: NodeJS.ProcessEnv; command: string[] } | undefined;

  /** A path of the stage's file system (absolute, or relative to its working directory) in the folder standing for it. */
  const inStage = (root: string, cwd: string, p: string) => path.join(root, path.posix.isAbsolute(p) ? p : path.posix.join(cwd, p));

  async function copyFromContext(src: string, dest: string, destIsDir: boolean, line: number): Promise<void> {
    const rel = path.posix
      .normalize(src)
      .replace(/^\.?\/+/, '')
      .replace(/\/+$/, '');
    if (ignored(rel)) throw new Error(`Dockerfile:${line}: COPY ${src}: .dockerignore leaves it out of the context`);
    const from = path.join(context, rel);
    const info = await lstat(from).catch(() => undefined);
    if (info === undefined) throw new Error(`Dockerfile:${line}: COPY ${src}: not found in the build context`);
    const to = info.isDirectory() || !destIsDir ? dest : path.join(dest, path.basename(rel));
    await mkdir(path.dirname(to), { recursive: true });
    await cp(from, to, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (file) => {
        const r = path.relative(context, file).split(path.sep).join('/');
        return r === '' || !ignored(r);
      },
    });
  }

  async function runStage(stage: Stage, index: number): Promise<void> {
    let cwd = '/';
    const env = baseEnv();
    let entrypoint: string[] = [];
    let cmd: string[] = [];
    // What the base image has that a step may write to.
    await mkdir(path.join(stage.root, 'usr', 'local', 'bin'), { recursive: true });
    const binDir = path.join(stage.root, 'usr', 'local', 'bin');
    env.PATH = `${binDir}${path.delimiter}${process.env.PATH ?? ''}`;
    for (const ins of stage.steps) {
      switch (ins.op) {
        case 'WORKDIR':
          cwd = path.posix.resolve(cwd, ins.args);
          await mkdir(inStage(stage.root, '/', cwd), { recursive: true });
          break;
        case 'ENV':
          for (const m of ins.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]!] = m[2]!.replace(/^"|"$/g, '');
          break;
        case 'COPY': {
          const all = words(ins.args);
          const flags = all.filter((w) => w.startsWith('--'));
          const rest = all.filter((w) => !w.startsWith('--'));
          const dest = rest.pop();
          if (dest === undefined || rest.length === 0) throw new Error(`Dockerfile:${ins.line}: COPY needs a source and a destination`);
          if (rest.some((s) => /[*?[]/.test(s))) throw new Error(`Dockerfile:${ins.line}: this test does not expand wildcards in COPY`);
          const destIsDir = dest.endsWith('/') || rest.length > 1;
          const to = inStage(stage.root, cwd, dest);
          const fromStage = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
          if (fromStage === undefined) {
            for (const src of rest) await copyFromContext(src, to, destIsDir, ins.line);
          } else {
            const source = stages.find((s) => s.name === fromStage);
            if (source === undefined) throw new Error(`Dockerfile:${ins.line}: no stage ${fromStage}`);
            await done.get(source.name);
            for (const src of rest) {
              const from = inStage(source.root, '/', src);
              const info = await lstat(from).catch(() => undefined);
              if (info === undefined)
                throw new Error(`Dockerfile:${ins.line}: COPY --from=${fromStage} ${src}: stage ${fromStage} has no such file`);
              const target = info.isDirectory() || !destIsDir ? to : path.join(to, path.basename(src));
              await mkdir(path.dirname(target), { recursive: true });
              await cp(from, target, { recursive: true, verbatimSymlinks: true });
            }
          }
          break;
        }
        case 'RUN':
          for (const part of (ins.args.startsWith('[') ? [words(ins.args).join(' ')] : ins.args.split('&&')).map((p) => p.trim())) {
            await runPart(stage, cwd, env, part, ins.line);
          }
          break;
        case 'ENTRYPOINT':
          entrypoint = words(ins.args);
          break;
        case 'CMD':
          cmd = words(ins.args);
          break;
        // USER, VOLUME, EXPOSE, LABEL, ARG: nothing to lay out or run.
      }
    }
    if (index === stages.length - 1)
      final = { root: stage.root, cwd: inStage(stage.root, '/', cwd), env, command: [...entrypoint, ...cmd] };
  }

  async function runPart(stage: Stage, cwd: string, env: NodeJS.ProcessEnv, part: string, line: number): Promise<void> {
    const [program, ...args] = part.split(/\s+/);
    const where = inStage(stage.root, '/', cwd);
    if (program === 'npm') {
      // `npm cache clean` only makes the image smaller; here it would empty this machine's cache.
      if (args[0] === 'cache') return;
      // As the image runs it (its scripts included), from this machine's warm cache.
      const extra = args[0] === 'ci' || args[0] === 'install' ? ['--prefer-offline'] : [];
      const r = await run('npm', [...args, ...extra], where, env);
      if (r.code !== 0)
        throw new Error(`Dockerfile:${line}: RUN ${part} exited with ${r.code}\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-4000)}`);
      return;
    }
    // Root's steps: chown cannot be run unprivileged, and changes nothing a later step reads here.
    if (program === 'chown') return;
    if (program === 'chmod' || program === 'ln' || program === 'mkdir') {
      // Absolute paths are the stage's: mapped into its folder.
      const mapped = args.map((a) => (a.startsWith('/') ? inStage(stage.root, '/', a) : a));
      const r = await run(program, mapped, where, env);
      if (r.code !== 0) throw new Error(`Dockerfile:${line}: RUN ${part} exited with ${r.code}\n${r.stderr}`);
      return;
    }
    throw new Error(`Dockerfile:${line}: this test does not know how to run \`${part}\`: teach it (test/package/dockerfile.test.ts)`);
  }

  for (const [index, stage] of stages.entries()) {
    const started = runStage(stage, index);
    // Observed now: a failing stage is reported below, after the others have settled.
    started.catch(() => undefined);
    done.set(stage.name, started);
  }
  // Every stage settled before a failure is reported: none keeps running npm past the test.
  const settled = await Promise.allSettled(done.values());
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure !== undefined) throw failure.reason;
  if (final === undefined) throw new Error('the Dockerfile has no stage');
  return final;
}

describe('the Dockerfile', () => {
  test('its files and RUN steps build an image whose command runs: --help, and the demo with the shipped samples', async () => {
    const dir = await makeTempDir('mge-docker-');
    const [dockerfile, ignoredText] = await Promise.all([
      readFile(path.join(context, 'Dockerfile'), 'utf8'),
      readFile(path.join(context, '.dockerignore'), 'utf8'),
    ]);
    const image = await build(dockerfile, ignoredText, dir);
    const [program, ...args] = image.command;
    expect(program).toBe('mge-ingest');
    expect(args).toEqual(['--help']);
    // The command is the image's own: the link the Dockerfile makes, to the files it laid out.
    expect(await realpath(path.join(image.root, 'usr/local/bin/mge-ingest'))).toBe(
      await realpath(path.join(image.root, 'app/dist/cli/main.js')),
    );
    const appDir = (p: string) => path.join(image.root, 'app', p);
    const [help, demo] = await Promise.all([
      run(program!, args, image.cwd, image.env),
      run(
        program!,
        ['validate', '--sandbox', '--mapping', appDir('mappings/steel_strength.yaml'), appDir('samples/steel_strength.csv')],
        image.cwd,
        { ...image.env, XDG_CACHE_HOME: path.join(dir, 'cache') },
      ),
    ]);
    expect(help.stderr).toBe('');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^mge-ingest <command> \[options\]/);
    expect(demo.code).toBe(0);
    expect(demo.stdout).toMatch(/312 record\(s\): 312 valid, 0 invalid/);
    // The runtime stage holds no dev dependency.
    const modules = await readdir(path.join(image.root, 'app', 'node_modules'));
    expect(modules).not.toContain('typescript');
    expect(modules).not.toContain('jest');
  }, 600_000);
});

describe('the test’s .dockerignore reading', () => {
  test('a pattern leaves out what it names and what is under it; ! brings a path back; * stays in one folder', () => {
    const ignored = dockerIgnore('node_modules\n*.log\n**/*.tmp\ndocs/*\n!docs/keep.md\n');
    expect(ignored('node_modules')).toBe(true);
    expect(ignored('node_modules/x/index.js')).toBe(true);
    expect(ignored('a.log')).toBe(true);
    expect(ignored('src/a.log')).toBe(false);
    expect(ignored('src/deep/a.tmp')).toBe(true);
    expect(ignored('a.tmp')).toBe(true);
    expect(ignored('docs/x.md')).toBe(true);
    expect(ignored('docs/keep.md')).toBe(false);
    expect(ignored('src/cli/main.ts')).toBe(false);
  });
});
