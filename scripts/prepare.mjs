#!/usr/bin/env node
// npm's `prepare` step: builds dist/ when the package is installed from its sources, so that
// `npm install -g .`, `npm link` and an install from a git URL give a working `mge-ingest` command
// (README → Getting mge-ingest on your PATH). Where the sources are not there (a Docker stage that
// installs dependencies before copying them, or the runtime stage that gets dist/ built), there is
// nothing to build and it does nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'tsconfig.build.json')) || !existsSync(path.join(root, 'src'))) process.exit(0);

const compiler = () => {
  try {
    return createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return undefined;
  }
};
let tsc = compiler();
if (tsc === undefined && existsSync(path.join(root, 'dist', 'cli', 'main.js'))) {
  // Sources without the compiler (dependencies installed with --omit=dev): the built dist/ will do.
  process.exit(0);
}
if (tsc === undefined && process.env.npm_execpath) {
  // `npm install -g <git URL>` prepares its clone with an install that inherits --global, which puts
  // no dependency in the clone: the compiler is installed here, into the clone, for the build only.
  spawnSync(
    process.execPath,
    [process.env.npm_execpath, 'install', '--global=false', '--include=dev', '--ignore-scripts', '--no-save', '--no-audit', '--no-fund'],
    { cwd: root, stdio: 'inherit' },
  );
  tsc = compiler();
}
if (tsc === undefined) {
  console.error(
    'mge-ingest: cannot build dist/: typescript is not installed (install with dev dependencies, or run `npm run build` first)',
  );
  process.exit(1);
}
const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
process.exit(built.status ?? 1);
