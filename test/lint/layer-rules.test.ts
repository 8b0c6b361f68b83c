import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise as depcruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { makeTempDir } from '../helpers/temp-dir.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rules = extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));

/**
 * Runs the lint step's dependency check (the repository's own rules, with its `err` output) over a
 * small tree of files, in this process: `depcruise src` as the lint runs it, without a process each.
 */
async function cruise(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = await makeTempDir('mge-layers-');
  try {
    const tsConfig = path.join(dir, 'tsconfig.json');
    await writeFile(tsConfig, JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }));
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    // The tree's own tsconfig, as the lint's run from the tree's folder would read it.
    const options = { ...structuredClone(await rules), tsConfig: { fileName: tsConfig }, baseDir: dir, outputType: 'err' as const };
    const result = await depcruise(['src'], options, {}, { tsConfig: extractTSConfig(tsConfig) });
    if (typeof result.output !== 'string') throw new Error('the err reporter gave no text');
    return { code: result.exitCode, output: result.output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the layer rules of the lint step', () => {
  test('a downward import passes', async () => {
    const result = await cruise({
      'src/pipeline/run.ts': "import { low } from '../report/low.js';\nexport const run = low;\n",
      'src/report/low.ts': 'export const low = 1;\n',
    });
    expect(result.output).toContain('no dependency violations');
    expect(result.code).toBe(0);
  });

  test('an upward import fails, named by the layer it breaks', async () => {
    const result = await cruise({
      'src/report/view.ts': "import type { Summary } from '../pipeline/summary.js';\nexport type View = Summary;\n",
      'src/pipeline/summary.ts': 'export interface Summary { readonly n: number }\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/layer-report: src\/report\/view\.ts → src\/pipeline\/summary\.ts/);
  });

  test('a sibling folder of the same layer is no shortcut', async () => {
    const result = await cruise({
      'src/mapping/a.ts': "import { b } from '../report/b.js';\nexport const a = b;\n",
      'src/report/b.ts': 'export const b = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/layer-mapping: src\/mapping\/a\.ts → src\/report\/b\.ts/);
  });

  test('a cycle inside one folder fails, type imports included', async () => {
    const result = await cruise({
      'src/upload/a.ts': "import type { B } from './b.js';\nexport interface A { readonly b?: B }\n",
      'src/upload/b.ts': "import type { A } from './a.js';\nexport interface B { readonly a?: A }\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/no-circular/);
  });

  test('the command line reaches the stages through the pipeline only', async () => {
    const result = await cruise({
      'src/cli/commands/x-command.ts': "import { send } from '../../upload/send.js';\nexport const x = send;\n",
      'src/upload/send.ts': 'export const send = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/cli-through-pipeline: src\/cli\/commands\/x-command\.ts → src\/upload\/send\.ts/);
  });

  test('the ledger is reached through its entry point only', async () => {
    const ledger = {
      'src/ledger/ledger.ts': "export { createTable } from './create-table.js';\n",
      'src/ledger/create-table.ts': 'export const createTable = 1;\n',
    };
    const through = await cruise({
      ...ledger,
      'src/report/fold.ts': "import { createTable } from '../ledger/ledger.js';\nexport const f = createTable;\n",
    });
    expect(through.output).toContain('no dependency violations');
    expect(through.code).toBe(0);
    const past = await cruise({
      ...ledger,
      'src/report/fold.ts': "import { createTable } from '../ledger/create-table.js';\nexport const f = createTable;\n",
    });
    expect(past.code).not.toBe(0);
    expect(past.output).toMatch(/ledger-through-entry: src\/report\/fold\.ts → src\/ledger\/create-table\.ts/);
  });

  test('the ledger lies below the report', async () => {
    const result = await cruise({
      'src/ledger/ledger.ts': "import type { Line } from '../report/line.js';\nexport type Held = Line;\n",
      'src/report/line.ts': 'export interface Line { readonly n: number }\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/layer-ledger: src\/ledger\/ledger\.ts → src\/report\/line\.ts/);
  });

  test('in the pipeline only pipeline/job reads a mapping', async () => {
    const mapping = { 'src/mapping/load/load-mapping.ts': 'export const loadMapping = 1;\n' };
    const inJob = await cruise({
      ...mapping,
      'src/pipeline/job/check.ts': "import { loadMapping } from '../../mapping/load/load-mapping.js';\nexport const c = loadMapping;\n",
    });
    expect(inJob.output).toContain('no dependency violations');
    expect(inJob.code).toBe(0);
    const outside = await cruise({
      ...mapping,
      'src/pipeline/stages/peek.ts': "import { loadMapping } from '../../mapping/load/load-mapping.js';\nexport const p = loadMapping;\n",
    });
    expect(outside.code).not.toBe(0);
    expect(outside.output).toMatch(/job-reads-mappings: src\/pipeline\/stages\/peek\.ts → src\/mapping\/load\/load-mapping\.ts/);
  });

  test('in the pipeline only pipeline/job gets a template from a file or the cache', async () => {
    const result = await cruise({
      'src/pipeline/run-x.ts':
        "import { createTemplateCache } from '../template/template-cache.js';\nexport const x = createTemplateCache;\n",
      'src/template/template-cache.ts': 'export const createTemplateCache = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/job-fetches-templates: src\/pipeline\/run-x\.ts → src\/template\/template-cache\.ts/);
  });

  test("a layout's loader is reached through loadJob only", async () => {
    const result = await cruise({
      'src/pipeline/run-x.ts': "import { loadFlatJob } from './job/load-flat-job.js';\nexport const x = loadFlatJob;\n",
      'src/pipeline/job/load-flat-job.ts': 'export const loadFlatJob = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/job-through-load-job: src\/pipeline\/run-x\.ts → src\/pipeline\/job\/load-flat-job\.ts/);
  });

  test("no layout's loader calls another's; a shared helper in pipeline/job is how they share a step", async () => {
    const helper = { 'src/pipeline/job/check-text.ts': 'export const checkText = 1;\n' };
    const shared = await cruise({
      ...helper,
      'src/pipeline/job/load-flat-job.ts': "import { checkText } from './check-text.js';\nexport const loadFlatJob = checkText;\n",
      'src/pipeline/job/load-json-job.ts': "import { checkText } from './check-text.js';\nexport const loadJsonJob = checkText;\n",
    });
    expect(shared.output).toContain('no dependency violations');
    expect(shared.code).toBe(0);
    const crossed = await cruise({
      ...helper,
      'src/pipeline/job/load-flat-job.ts': "import { checkText } from './check-text.js';\nexport const loadFlatJob = checkText;\n",
      'src/pipeline/job/load-json-job.ts': "import { loadFlatJob } from './load-flat-job.js';\nexport const loadJsonJob = loadFlatJob;\n",
    });
    expect(crossed.code).not.toBe(0);
    expect(crossed.output).toMatch(
      /no-layout-cross-imports: src\/pipeline\/job\/load-json-job\.ts → src\/pipeline\/job\/load-flat-job\.ts/,
    );
  });
});
