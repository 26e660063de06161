import { defineConfig } from 'vitest/config';

// Browser tests: one real server per file on a temporary database, driven by Playwright in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['tests/e2e/global-setup.ts'],
  },
});
