import { defineConfig } from 'vitest/config';

// Browser tests: one real server per file on a temporary database and a free port, driven by Playwright in Debian's
// Chromium. Files share nothing but the client build, so two run at once (most of their time is waiting on the page).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // a worker imports Playwright and the harness once for all its files (each file starts its own server and browser)
    isolate: false,
    globalSetup: ['tests/e2e/global-setup.ts'],
  },
});
