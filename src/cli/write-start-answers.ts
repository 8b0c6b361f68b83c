import { writeFileSync } from 'node:fs';
import { describeCli } from './describe-cli.js';
import { START_ANSWERS_FILE } from './start-answers.js';

// The build's last step (`npm run build`, scripts/prepare.mjs): what --help and the shell completion
// answer, read from yargs, written beside the built bin, which answers them without loading yargs.
writeFileSync(new URL(`./${START_ANSWERS_FILE}`, import.meta.url), `${JSON.stringify(await describeCli())}\n`);
