import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMgeError } from '../../../src/errors/mge-error.js';
import { MappingInvalidError } from '../../../src/mapping/mapping-errors.js';
import { fetchTemplate } from '../../../src/pipeline/job/fetch-template.js';
import { checkMappingFile } from '../../../src/pipeline/job/check-mapping-file.js';
import type { TemplateChangedWarning } from '../../../src/pipeline/pipeline-warning.js';
import { createTemplateCache } from '../../../src/template/template-cache.js';
import { parseTemplate } from '../../../src/template/parse-template.js';
import { startSandbox } from '../../../src/platform/sandbox/start-sandbox.js';
import { createPlatformClient } from '../../../src/platform/platform-client.js';
import { tempDirSync } from '../../helpers/temp-dir.js';

const root = new URL('../../../', import.meta.url).pathname;
const templateFile = join(root, 'samples', 'templates.json');
const raw = (JSON.parse(readFileSync(templateFile, 'utf8')) as { templates: Array<Record<string, any>> }).templates; // eslint-disable-line @typescript-eslint/no-explicit-any
const dir = tempDirSync('load-job-');

describe('checkMappingFile', () => {
  test('reads the mapping, the template from a file, and checks the mapping', async () => {
    const job = await checkMappingFile({ mappingFile: 'mappings/steel_strength.yaml', cwd: root, templateFile });
    expect(job.template.id).toBe(201);
    expect(job.templateFrom).toBe('file');
    expect(job.prepared.spec.key.map((k) => k.name)).toEqual(['formula']);
    expect(job.templateChanged).toBeUndefined();
  });

  test('fetches from the platform and caches per id and pub_date', async () => {
    const sandbox = await startSandbox({});
    try {
      const client = createPlatformClient({ baseUrl: sandbox.url, token: sandbox.token });
      const cache = createTemplateCache(join(dir, 'cache-a'));
      const job = await checkMappingFile({ mappingFile: 'mappings/ucsb_thermoelectrics.yaml', cwd: root, client, cache });
      expect(job.templateFrom).toBe('platform');
      expect(await cache.get(202, '2024-06-01 10:00:00')).toEqual(job.template);
      const unpublished = await fetchTemplate(103, { client }).catch((e: unknown) => e);
      expect(isMgeError(unpublished, 'template') && unpublished.code).toBe('TEMPLATE_UNPUBLISHED');
    } finally {
      await sandbox.close();
    }
  });

  test('a template changed since the mapping was written is a warning listing the changed fields', async () => {
    const cache = createTemplateCache(join(dir, 'cache-b'));
    const original = raw.find((t) => t['id'] === 201)!;
    await cache.put(original);
    const changed = JSON.parse(JSON.stringify(original)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    changed['pub_date'] = '2024-09-01 08:00:00';
    changed['content']['屈服强度']['misc']['unit'] = 'GPa';
    changed['content']['_ord'].push('备注');
    changed['content']['备注'] = { t: 1, r: false, misc: {} };
    const file = join(dir, 'changed.json');
    writeFileSync(file, JSON.stringify({ templates: [changed] }));
    const warnings: TemplateChangedWarning[] = [];
    const job = await checkMappingFile({
      mappingFile: 'mappings/steel_strength.yaml',
      cwd: root,
      templateFile: file,
      cache,
      onWarning: (w) => w.code === 'TEMPLATE_CHANGED' && warnings.push(w),
    });
    expect(warnings).toHaveLength(1);
    expect(job.templateChanged).toEqual(warnings[0]);
    expect(warnings[0]!.before).toBe('2024-06-01 10:00:00');
    expect(warnings[0]!.after).toBe('2024-09-01 08:00:00');
    expect(warnings[0]!.changes!.map((c) => [c.path, c.change])).toEqual([
      ['屈服强度', 'unit'],
      ['备注', 'added'],
    ]);
    // Without the old version, the change is still reported, without the fields.
    const bare = await checkMappingFile({ mappingFile: 'mappings/steel_strength.yaml', cwd: root, templateFile: file });
    expect(bare.templateChanged?.changes).toBeUndefined();
  });

  test('a removed field the mapping uses stops the job, and the warning comes first', async () => {
    const changed = JSON.parse(JSON.stringify(raw.find((t) => t['id'] === 201)!)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    changed['pub_date'] = '2024-09-01 08:00:00';
    changed['content']['_ord'] = (changed['content']['_ord'] as string[]).filter((n) => n !== '延伸率');
    delete changed['content']['延伸率'];
    const file = join(dir, 'removed.json');
    writeFileSync(file, JSON.stringify([changed]));
    const warnings: TemplateChangedWarning[] = [];
    const error = await checkMappingFile({
      mappingFile: 'mappings/steel_strength.yaml',
      cwd: root,
      templateFile: file,
      onWarning: (w) => w.code === 'TEMPLATE_CHANGED' && warnings.push(w),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MappingInvalidError);
    expect((error as MappingInvalidError).problems.map((p) => p.code)).toEqual(['MAPPING_UNKNOWN_FIELD']);
    expect(warnings).toHaveLength(1);
  });

  test('a missing mapping file, a template file without the template, and no template source are typed errors', async () => {
    const codes = await Promise.all([
      checkMappingFile({ mappingFile: 'mappings/nope.yaml', cwd: root, templateFile }).catch((e: unknown) => e),
      checkMappingFile({ mappingFile: 'mappings/steel_strength.yaml', cwd: root, templateFile: join(dir, 'removed.json') }).then(
        () => undefined,
        (e: unknown) => e,
      ),
      fetchTemplate(999, { templateFile }).catch((e: unknown) => e),
      fetchTemplate(201, {}).catch((e: unknown) => e),
      fetchTemplate(201, { templateFile: join(dir, 'missing.json') }).catch((e: unknown) => e),
    ]);
    expect(codes.map((e) => (isMgeError(e) ? e.code : e))).toEqual([
      'MAPPING_NOT_FOUND',
      'MAPPING_INVALID',
      'TEMPLATE_NOT_FOUND',
      'TEMPLATE_SOURCE_MISSING',
      'TEMPLATE_FILE_UNREADABLE',
    ]);
    expect(parseTemplate(raw[0]).id).toBe(101);
  });
});
