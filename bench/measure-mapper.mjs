/**
 * One measurement in its own process, against the built code: the mapper's session and server on a
 * CSV, with an existing mapping. `counts` sends an edit as the page does (POST /api/edit) and asks for
 * the counts at the page's interval until the background validate of that edit is done: the time a
 * curator waits from a change to the updated counts, and the edit's own answer (check + preview).
 * `validate` runs validate alone on the same input and mapping, the baseline. Prints milliseconds
 * (median of the repeats) as JSON.
 * Usage: node measure-mapper.mjs counts|validate DIR INPUT MAPPING TEMPLATES REPEATS
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [mode, dir, input, mapping, templates, repeatsText] = process.argv.slice(2);
const repeats = Number(repeatsText);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const load = (file) => import(pathToFileURL(path.join(root, 'dist', file)).href);
/** The page's interval between two asks for the counts (src/mapper/page/mapper-app.ts). */
const POLL_MS = 60;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const now = () => performance.now();
const template = { templateFile: templates };
/** CPU milliseconds of this process (every thread: the CSV is read on a worker) since `since`. */
const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

if (mode === 'validate') {
  const { runValidate } = await load('pipeline/run-validate.js');
  const times = [];
  const cpu = [];
  for (let i = 0; i < repeats; i++) {
    const started = now();
    const used = process.cpuUsage();
    const result = await runValidate(
      {
        mappingFile: mapping,
        inputs: [input],
        cwd: dir,
        methodsWidth: 3,
        maxErrors: undefined,
        errorsFile: undefined,
        htmlFile: undefined,
        version: 'bench',
      },
      { template },
    );
    times.push(now() - started);
    cpu.push(cpuMs(used));
    if (result.summary.records === 0) throw new Error('validate read no record');
  }
  console.log(JSON.stringify({ ms: median(times), cpuMs: median(cpu) }));
} else {
  const { openMapperSession } = await load('mapper/mapper-session.js');
  const { startMapperServer } = await load('mapper/start-mapper-server.js');
  const session = await openMapperSession(
    { input, mappingFile: mapping, tid: undefined, sourceOptions: {}, cwd: dir, methodsWidth: 3, version: 'bench', next: [] },
    { template },
  );
  const server = await startMapperServer(session, { port: 0 });
  const first = await fetch(server.url, { redirect: 'manual' });
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
  await session.settled();
  const toCounts = [];
  const toAnswer = [];
  const cpu = [];
  let records = 0;
  for (let i = 0; i < repeats; i++) {
    // A column picked, then picked back: each a change the whole input is validated for again.
    const column = i % 2 === 0 ? 'src' : 'synthesis';
    const started = now();
    const used = process.cpuUsage();
    const answer = await fetch(`${server.origin}/api/edit`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ edits: [{ kind: 'column', path: ['content', '合成方法'], column }] }),
    });
    const state = await answer.json();
    toAnswer.push(now() - started);
    if (state.problems.length > 0) throw new Error(`the edit left problems: ${JSON.stringify(state.problems)}`);
    for (;;) {
      const counts = await (await fetch(`${server.origin}/api/counts`, { headers: { cookie } })).json();
      if (counts?.revision === state.revision && counts.done) {
        toCounts.push(now() - started);
        cpu.push(cpuMs(used));
        records = counts.records;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  session.close();
  await server.close();
  console.log(JSON.stringify({ ms: median(toCounts), answerMs: median(toAnswer), cpuMs: median(cpu), records }));
}
