import { mkdtemp, mkdir, writeFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listInputs } from '../../src/sources/list-inputs.js';
import { sourceFailure } from './read-all.js';

describe('listInputs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'list-inputs-'));
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

  test('errors: missing file, empty directory, glob matching nothing, no inputs', async () => {
    expect((await sourceFailure(listInputs(['nope.csv'], dir))).location).toEqual({ file: 'nope.csv' });
    expect((await sourceFailure(listInputs(['nope.csv'], dir))).code).toBe('SOURCE_NOT_FOUND');
    const empty = await sourceFailure(listInputs(['empty'], dir));
    expect([empty.code, empty.location]).toEqual(['SOURCE_NO_INPUTS', { file: 'empty' }]);
    const glob = await sourceFailure(listInputs(['in/*.xls'], dir));
    expect([glob.code, glob.location]).toEqual(['SOURCE_NOT_FOUND', { file: 'in/*.xls' }]);
    expect((await sourceFailure(listInputs([], dir))).code).toBe('SOURCE_NO_INPUTS');
  });
});
