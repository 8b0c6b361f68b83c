// Commit subjects are read with `git log --oneline`: each at most 72 characters (CONTRIBUTING.md →
// Commits). Checked from the commit that added this check on; the history before it is left as it is.
// A shallow clone that lacks that commit has only its own commits checked.
import { execFileSync } from 'node:child_process';

const SINCE = 'f1ab64a2';
const LIMIT = 72;
// Committed past the limit after the check came in, before it was noticed; history is not rewritten.
const KNOWN = new Set(['20566b4fb3e1e8be4e150ce50475f62fbbe23a2b', 'c605e2734eef17dae1515d58d0631ed1deadfa48']);

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

let range;
try {
  git('cat-file', '-e', `${SINCE}^{commit}`);
  range = [`${SINCE}..HEAD`];
} catch {
  range = ['HEAD'];
}
let log;
try {
  log = git('log', '--format=%H%x09%s', ...range);
} catch {
  // Not a git checkout (an unpacked tarball): there is no history to check.
  process.exit(0);
}
const long = log
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => line.split('\t'))
  .filter(([hash, subject]) => [...subject].length > LIMIT && !KNOWN.has(hash));
for (const [hash, subject] of long)
  console.error(`${hash.slice(0, 7)}: subject of ${[...subject].length} characters (at most ${LIMIT}): ${subject}`);
process.exit(long.length === 0 ? 0 : 1);
