// Preloaded (`node --require`) into a CLI run by runMeasuredCli: at exit, writes the process's peak
// resident set size in kilobytes to the file named by MGE_TEST_PEAK_RSS_FILE.
const { writeFileSync } = require('node:fs');

const out = process.env.MGE_TEST_PEAK_RSS_FILE;
if (out) process.on('exit', () => writeFileSync(out, String(process.resourceUsage().maxRSS)));
