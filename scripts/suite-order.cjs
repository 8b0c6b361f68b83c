// Jest's order of test files: longest first, so that the two CI workers finish together. Jest knows a
// suite's time only from its own cache of an earlier run, which a clean clone lacks; without it jest
// orders by file size, and the hostile corpus (a short file of many cases) ran last, alone on one core
// for a minute. So times missing from jest's cache come from test/suite-times.json, which
// `node scripts/suite-times.mjs --write test-results.json` refreshes (CONTRIBUTING.md → CI time).
const { readFileSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const TIMES_FILE = path.join(__dirname, '..', 'test', 'suite-times.json');

/** Seconds by test file path relative to the repository (posix separators), from the committed file. */
function committedTimes(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

class SuiteOrder extends Sequencer {
  constructor(...args) {
    super(...args);
    this.committed = committedTimes(TIMES_FILE);
  }

  /** Jest's cached time of the suite if it has one, else the committed one (in ms, as jest keeps it). */
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const relative = path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/');
    const seconds = this.committed[relative];
    return typeof seconds === 'number' ? seconds * 1000 : undefined;
  }
}

module.exports = SuiteOrder;
module.exports.committedTimes = committedTimes;
