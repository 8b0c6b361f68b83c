import { mkdir, writeFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { isDynamicPattern } from 'tinyglobby';
import { expandInputs, listInputs, patternBase } from '../../src/sources/list-inputs.js';
import { sourceFailure } from './read-all.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('listInputs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeTempDir('list-inputs-');
    await mkdir(path.join(dir, 'in'));
    await mkdir(path.join(dir, 'empty'));
    for (const name of ['b.csv', 'a.xlsx', 'c.ods', '~$a.xlsx', '.hidden.csv', 'notes.md', 'd.TSV']) {
      await writeFile(path.join(dir, 'in', name), 'x');
    }
    await writeFile(path.join(dir, 'top.csv'), 'x');
    await mkdir(path.join(dir, 'mixed'));
    await mkdir(path.join(dir, 'mixed', 'x.csv'));
    await writeFile(path.join(dir, 'mixed', 'a.csv'), 'x');
    await symlink(path.join(dir, 'top.csv'), path.join(dir, 'mixed', 'linked.csv'));
    await symlink(path.join(dir, 'mixed', 'x.csv'), path.join(dir, 'mixed', 'y.csv'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('a directory gives its table files sorted, without hidden or lock files', async () => {
    expect(await listInputs(['in'], dir)).toEqual(['in/a.xlsx', 'in/b.csv', 'in/c.ods', 'in/d.TSV'].map((p) => path.join(p)));
  });

  test('a directory gives regular files and links to files, not sub-directories named like tables', async () => {
    expect(await listInputs(['mixed'], dir)).toEqual([path.join('mixed', 'a.csv'), path.join('mixed', 'linked.csv')]);
  });

  test('files, directories and globs keep input order and drop repeats', async () => {
    const files = await listInputs(['top.csv', 'in/*.csv', 'in', 'top.csv', path.join(dir, 'top.csv')], dir);
    expect(files).toEqual(['top.csv', 'in/b.csv', 'in/a.xlsx', 'in/c.ods', 'in/d.TSV'].map((p) => path.join(p)));
  });

  test('a drop folder with nothing in it gives no files; a missing file or folder is SOURCE_NOT_FOUND; no inputs at all SOURCE_NO_INPUTS', async () => {
    expect(await listInputs(['empty'], dir)).toEqual([]);
    expect(await listInputs(['empty/*.csv', 'in/*.xls', 'empty/**/*.xlsx'], dir)).toEqual([]);
    for (const missing of ['nope.csv', 'nope', 'nope/*.csv', 'nope/**/x.csv']) {
      const failure = await sourceFailure(listInputs([missing], dir));
      expect([failure.code, failure.location]).toEqual(['SOURCE_NOT_FOUND', { file: missing }]);
    }
    expect((await sourceFailure(listInputs([], dir))).code).toBe('SOURCE_NO_INPUTS');
  });

  test('expandInputs reports every problem and keeps the files it found', async () => {
    const { files, problems } = await expandInputs(['nope.csv', 'top.csv', 'gone/*.csv'], dir);
    expect(files).toEqual(['top.csv']);
    expect(problems.map((p) => [p.code, p.location?.file])).toEqual([
      ['SOURCE_NOT_FOUND', 'nope.csv'],
      ['SOURCE_NOT_FOUND', 'gone/*.csv'],
    ]);
  });

  test('--recursive: sub-directories too, not hidden ones, through links to directories once; ** globs match any depth the same way', async () => {
    const tree = path.join(dir, 'tree');
    await mkdir(path.join(tree, '2026', '11'), { recursive: true });
    await mkdir(path.join(tree, '.cache'));
    await writeFile(path.join(tree, 'a.csv'), 'x');
    await writeFile(path.join(tree, '2026', 'b.xlsx'), 'x');
    await writeFile(path.join(tree, '2026', '11', 'c.csv'), 'x');
    await writeFile(path.join(tree, '.cache', 'd.csv'), 'x');
    await symlink(path.join(dir, 'mixed'), path.join(tree, 'linked-dir'));
    expect(await listInputs(['tree'], dir)).toEqual([path.join('tree', 'a.csv')]);
    // linked-dir/linked.csv is a link to top.csv: named after it, it is a repeat.
    const nested = ['tree/2026/11/c.csv', 'tree/2026/b.xlsx', 'tree/a.csv', 'tree/linked-dir/a.csv', 'tree/linked-dir/linked.csv'];
    expect(await listInputs(['tree/**/*.{csv,xlsx}'], dir)).toEqual(nested);
    expect(await listInputs(['top.csv', 'tree/**/*.{csv,xlsx}'], dir)).toEqual(['top.csv', ...nested.slice(0, -1)]);
    // A link back up is entered once, as the folder it is.
    await symlink(tree, path.join(tree, '2026', 'back-up'));
    expect(await listInputs(['tree'], dir, { recursive: true })).toEqual(nested.map((p) => path.join(p)));
  });

  test('patternBase: the folder a glob starts in', () => {
    expect(
      ['*.csv', 'in/*.csv', 'data/in/**/x*.csv', '/abs/dir/*.csv', '/*.csv', 'a/{b,c}/*.csv'].map((p) => patternBase(p, isDynamicPattern)),
    ).toEqual(['.', 'in', 'data/in', '/abs/dir', '/', 'a']);
  });
});
