import { defineConfig } from 'vitest/config';

// Two projects so that each worker keeps one kind of environment: the component tests (jsdom, every *.test.tsx) and
// everything else (node). Worker threads, and no fresh module graph per file: every test file builds its own database,
// query client and render, and cleans up after itself (setup-dom.ts), so re-importing React, Chakra and the server for
// each of ~100 files bought nothing but most of the suite's time.
export default defineConfig({
  test: {
    environment: 'node',
    // component tests also say `// @vitest-environment jsdom` on their first line, so a file run alone is the same
    setupFiles: ['src/client/test/setup-dom.ts'],
    pool: 'threads',
    isolate: false,
    // Both cores: Vitest's default leaves one free, and most files wait on SQLite, argon2 or jsdom's timers.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          globalSetup: ['tests/support/seeded-database.ts'],
          // A bound on a failure, not a wait: typing into the whole calculator in jsdom is CPU work, and npm test runs
          // the browser suite beside this one on the same cores, so a heavy test may take three times its quiet time.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/server-build.ts', 'tests/support/seeded-database.ts'],
        },
      },
    ],
  },
});
