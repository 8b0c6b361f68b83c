import { readdir, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTemplateCache } from '../../src/template/template-cache.js';
import { parseTemplate } from '../../src/template/parse-template.js';
import { templateFieldChanges } from '../../src/template/template-field-changes.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const raw = (
  JSON.parse(readFileSync(new URL('../../samples/templates.json', import.meta.url), 'utf8')) as {
    templates: Array<Record<string, unknown>>;
  }
).templates;
const t101 = raw.find((t) => t['id'] === 101)!;

describe('template cache', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await makeTempDir('template-cache-');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps one file per id and pub_date and returns the newest when no date is asked for', async () => {
    const cache = createTemplateCache(join(dir, 'templates'));
    expect(await cache.get(101)).toBeUndefined();
    await cache.put(t101);
    await cache.put({ ...t101, pub_date: '2025-01-02 03:04:05', title: 'newer' });
    expect((await readdir(join(dir, 'templates'))).sort()).toEqual([
      'template-101-20240508140311.json',
      'template-101-20250102030405.json',
    ]);
    expect((await cache.get(101))?.title).toBe('newer');
    expect((await cache.get(101, '2024-05-08 14:03:11'))?.title).toBe(t101['title']);
    expect(await cache.get(101, '2023-01-01 00:00:00')).toBeUndefined();
  });
});

describe('templateFieldChanges', () => {
  it('lists added, removed, retyped fields and changed units, required flags, options and range kinds', () => {
    const before = parseTemplate(t101);
    const content = JSON.parse(JSON.stringify(t101['content'])) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    content['_ord'] = (content['_ord'] as string[]).filter((n) => n !== '原始数据').concat('备注');
    delete content['原始数据'];
    content['备注'] = { t: 1, misc: {} };
    content['牌号'] = { t: 6, r: true, misc: { opt: ['GH4169'] } };
    content['试验温度'].misc.unit = 'K';
    content['保温时间'].r = true;
    content['保温时间'].misc.type = 1;
    content['化学成分'].misc['测量方法'].misc.opt = ['ICP-AES'];
    const after = parseTemplate({ ...t101, content });
    expect(templateFieldChanges(before, after).map((c) => [c.path, c.change])).toEqual([
      ['牌号', 'retyped'],
      ['试验温度', 'unit'],
      ['保温时间', 'required'],
      ['保温时间', 'rangeType'],
      ['原始数据', 'removed'],
      ['化学成分.测量方法', 'options'],
      ['备注', 'added'],
    ]);
    expect(templateFieldChanges(before, before)).toEqual([]);
  });
});

describe('describeTemplateChanges', () => {
  it('writes one line per change', async () => {
    const { describeTemplateChanges } = await import('../../src/template/describe-template-changes.js');
    expect(
      describeTemplateChanges([
        { path: '备注', change: 'added', before: undefined, after: 'string' },
        { path: '原始数据', change: 'removed', before: 'file', after: undefined },
        { path: '试验温度', change: 'unit', before: '℃', after: 'K' },
        { path: '牌号', change: 'retyped', before: 'string', after: 'choice' },
      ]),
    ).toEqual(['+ 备注 (string)', '- 原始数据 (file)', '~ 试验温度: unit ℃ → K', '~ 牌号: type string → choice']);
  });
});
