// Commit subjects are read with `git log --oneline`: each at most 72 characters (CONTRIBUTING.md →
// Commits). Checked from the commit that added this check on; the history before it is left as it is.
// A shallow clone that lacks that commit has only its own commits checked.
import { execFileSync } from 'node:child_process';

const SINCE = 'f1ab64a2';
const LIMIT = 72;

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
  log = git('log', '--format=%h%x09%s', ...range);
} catch {
  // Not a git checkout (an unpacked tarball): there is no history to check.
  process.exit(0);
}
const long = log
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => line.split('\t'))
  .filter(([, subject]) => [...subject].length > LIMIT);
for (const [hash, subject] of long) console.error(`${hash}: subject of ${[...subject].length} characters (at most ${LIMIT}): ${subject}`);
process.exit(long.length === 0 ? 0 : 1);
