import { link, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findPathClashes, samePath, type NamedPath } from '../../src/util/find-path-clashes.js';
import { identifyPath, type PathIdentity } from '../../src/util/identify-path.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('identifyPath and findPathClashes (real files)', () => {
  let dir: string;
  const id = (name: string): Promise<PathIdentity> => identifyPath(name, dir);
  beforeAll(async () => {
    dir = await makeTempDir('path-clash-');
    await mkdir(path.join(dir, 'sub'));
    await writeFile(path.join(dir, 'a.csv'), 'a');
    await writeFile(path.join(dir, 'b.csv'), 'b');
    await link(path.join(dir, 'a.csv'), path.join(dir, 'sub', 'hard.csv'));
    await symlink(path.join(dir, 'a.csv'), path.join(dir, 'soft.csv'));
    await symlink('sub', path.join(dir, 'sublink'));
    // Dangling: a write through it creates sub/later.log.
    await symlink(path.join('sub', 'later.log'), path.join(dir, 'dangling.log'));
  });

  test('one file under several names: hard link, symbolic link, a linked folder, dot segments', async () => {
    const a = await id('a.csv');
    expect(a.kind).toBe('file');
    for (const name of ['sub/hard.csv', 'soft.csv', 'sub/../a.csv', path.join(dir, 'a.csv')])
      expect(samePath(a, await id(name))).toBe(true);
    expect(samePath(a, await id('b.csv'))).toBe(false);
  });

  test("files not created yet compare by their folder's real path, through dangling links and missing folders", async () => {
    const later = await id('sub/later.log');
    expect(later.kind).toBe('missing');
    expect(samePath(later, await id('sublink/later.log'))).toBe(true);
    expect(samePath(later, await id('dangling.log'))).toBe(true);
    expect(samePath(await id('no/such/x.log'), await id('sublink/../no/such/x.log'))).toBe(true);
    expect(samePath(later, await id('sub/other.log'))).toBe(false);
  });

  test('directories and devices hold no data to destroy: never a clash', async () => {
    const sub = await id('sub');
    expect([sub.kind, (await id('/dev/null')).kind]).toEqual(['directory', 'other']);
    expect(samePath(sub, await id('sublink'))).toBe(false);
    expect(samePath(await id('/dev/null'), await id('/dev/null'))).toBe(false);
  });

  test('clashes: each output against the inputs, then the later outputs; inputs never clash with each other', async () => {
    const named = async (role: NamedPath['role'], option: string, name: string): Promise<NamedPath> => ({
      role,
      option,
      name,
      identity: await id(name),
    });
    const paths = [
      await named('input', '<inputs>', 'a.csv'),
      await named('input', '<inputs>', 'soft.csv'),
      await named('output', '--errors', 'sub/hard.csv'),
      await named('output', '--log-file', 'dangling.log'),
      await named('output', '--store', 'sublink/later.log'),
      await named('output', '--out', 'b.csv'),
    ];
    expect(findPathClashes(paths).map((c) => [c.output.option, c.other.option, c.other.name])).toEqual([
      ['--errors', '<inputs>', 'a.csv'],
      ['--errors', '<inputs>', 'soft.csv'],
      ['--log-file', '--store', 'sublink/later.log'],
    ]);
  });
});
