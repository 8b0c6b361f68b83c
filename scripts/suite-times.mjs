// Per-suite times of a jest run (`npm test -- --json --outputFile=FILE`): prints the slowest suites as a
// Markdown table (CONTRIBUTING.md → CI time) and, with --write, stores every suite's seconds in
// test/suite-times.json, which scripts/suite-order.cjs reads to start the longest suites first.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const write = args.includes('--write');
const top = Number(args[args.indexOf('--top') + 1]) || 20;
const file = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--top')[0];
if (!file) {
  console.error('usage: node scripts/suite-times.mjs [--write] [--top N] test-results.json');
  process.exit(2);
}

const results = JSON.parse(readFileSync(file, 'utf8'));
// Suites are named from the checkout the run was in: the folder of the results file, as .ci/run writes it.
const ranIn = path.dirname(path.resolve(file));
const suites = results.testResults
  .map((t) => ({
    name: path.relative(ranIn, t.name).split(path.sep).join('/'),
    seconds: (t.endTime - t.startTime) / 1000,
    tests: t.assertionResults.length,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const summed = suites.reduce((sum, s) => sum + s.seconds, 0);
const wall = (Math.max(...results.testResults.map((t) => t.endTime)) - results.startTime) / 1000;

console.log(
  `${suites.length} suites, ${results.numTotalTests} tests, ${summed.toFixed(0)} suite-seconds summed, jest's run ${wall.toFixed(0)} s`,
);
console.log('| Suite | Tests | Seconds |\n|---|---:|---:|');
for (const s of suites.slice(0, top)) console.log(`| ${s.name} | ${s.tests} | ${s.seconds.toFixed(1)} |`);

if (write) {
  const byName = Object.fromEntries(
    suites.map((s) => [s.name, Math.round(s.seconds * 10) / 10]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync(path.join(root, 'test', 'suite-times.json'), `${JSON.stringify(byName, null, 2)}\n`);
}
