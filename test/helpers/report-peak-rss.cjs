// Preloaded (`node --require`) into a CLI run by runMeasuredCli: at exit, writes the process's peak
// resident set size in kilobytes to the file named by MGE_TEST_PEAK_RSS_FILE. On Linux it reads
// VmHWM, the peak of this process's own memory: getrusage's maxRSS (process.resourceUsage) keeps the
// peak of the process that spawned it across fork and exec, so a large test runner would be counted.
const { readFileSync, writeFileSync } = require('node:fs');

function peakKb() {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // Not Linux: the rusage figure is the best there is.
  }
  return process.resourceUsage().maxRSS;
}

const out = process.env.MGE_TEST_PEAK_RSS_FILE;
if (out) process.on('exit', () => writeFileSync(out, String(peakKb())));
