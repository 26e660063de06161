import { defineConfig } from 'vitest/config';

// Browser tests: one real server per file on a temporary database and a free port, driven by Playwright in Debian's
// Chromium. Files share nothing but the client build, so three run at once: on two cores a file's steps leave about a
// third of the CPU idle while they wait on the page, the server or the next frame.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 3,
    // a worker imports Playwright and the harness once for all its files (each file starts its own server and browser)
    isolate: false,
    globalSetup: ['tests/e2e/global-setup.ts'],
  },
});
