/** Jest 29 in ESM mode with ts-jest transpile-only (type errors come from `npm run typecheck`). */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testTimeout: 60000,
  // test.concurrent cases (the hostile-input corpus) each run a CLI child process: four at a time
  // keep two cores busy without starving the runs' time bounds.
  maxConcurrency: 4,
  // One worker a core: jest's default (cores - 1) leaves half of a two-core CI machine idle while
  // the suites that wait on child processes, the network or a rate limit run.
  maxWorkers: '100%',
  // The longest suites first, from committed times when jest has none of its own (a clean clone).
  testSequencer: '<rootDir>/scripts/suite-order.cjs',
};
