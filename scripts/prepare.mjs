#!/usr/bin/env node
// npm's `prepare` step: builds dist/ when the package is installed from its sources, so that
// `npm install -g .`, `npm link` and `npm pack <git URL>` give a working `mge-ingest` command
// (README → Getting mge-ingest on your PATH; test/package/install-paths.test.ts). It builds with the
// typescript already installed (as `npm ci`, and npm's preparation of a git clone for `npm pack`,
// install it) and never starts an install of its own: a nested install raced with the one that ran
// this script. Where the sources are not there (a Docker stage that installs dependencies before
// copying them, or the runtime stage that gets dist/ built), there is nothing to build and it does
// nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'tsconfig.build.json')) || !existsSync(path.join(root, 'src'))) process.exit(0);

let tsc;
try {
  tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  tsc = undefined;
}
if (tsc === undefined) {
  // Sources without the compiler (dependencies installed with --omit=dev): the built dist/ will do.
  if (existsSync(path.join(root, 'dist', 'cli', 'main.js'))) process.exit(0);
  // `npm install -g <git URL>` lands here: npm prepares the clone by an install that inherits
  // --global and so installs no dependency into it (npm/cli#8440, #3692).
  console.error(
    'mge-ingest: cannot build dist/: typescript is not installed. From a git URL, `npm pack <URL>` then ' +
      '`npm install -g ./mge-ingest-<version>.tgz` (README → Getting mge-ingest on your PATH); from a checkout, `npm ci` first.',
  );
  process.exit(1);
}
// What `npm run build` runs: the compiler, then what --help and the completion answer without yargs.
const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const answers = spawnSync(process.execPath, [path.join(root, 'dist', 'cli', 'write-start-answers.js')], { cwd: root, stdio: 'inherit' });
process.exit(answers.status ?? 1);
