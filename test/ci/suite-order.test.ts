import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const SuiteOrder = require('../../scripts/suite-order.cjs') as new () => { sort(tests: FakeTest[]): FakeTest[] };

interface FakeTest {
  path: string;
  context: { config: { rootDir: string; cache: boolean }; hasteFS: { getSize(file: string): number } };
  duration?: number;
}

const rootDir = process.cwd();

/** A test file as jest hands it to the sequencer, with no cache of earlier runs (as on a clean clone). */
function suite(relative: string, size = 1000): FakeTest {
  return { path: path.join(rootDir, relative), context: { config: { rootDir, cache: false }, hasteFS: { getSize: () => size } } };
}

test('without a cache of its own, jest starts the longest suites of the committed times first', () => {
  const times = JSON.parse(readFileSync('test/suite-times.json', 'utf8')) as Record<string, number>;
  const names = Object.keys(times);
  expect(names.length).toBeGreaterThan(100);
  // Shuffled by size so that jest's own fallback (largest file first) would give another order.
  const order = new SuiteOrder().sort(names.map((name, i) => suite(name, (i * 7919) % 1000))).map((t) => path.relative(rootDir, t.path));
  const byTime = [...names].sort((a, b) => times[b]! - times[a]!);
  expect(order.slice(0, 10).map((name) => times[name])).toEqual(byTime.slice(0, 10).map((name) => times[name]));
});

test('a suite missing from the committed times runs before the timed ones, largest file first', () => {
  const [timed] = Object.keys(JSON.parse(readFileSync('test/suite-times.json', 'utf8')) as Record<string, number>);
  const order = new SuiteOrder()
    .sort([suite(timed!), suite('test/new-a.test.ts', 10), suite('test/new-b.test.ts', 20)])
    .map((t) => path.relative(rootDir, t.path));
  expect(order).toEqual(['test/new-b.test.ts', 'test/new-a.test.ts', timed]);
});
