import { defineConfig } from 'vitest/config';

// Browser tests: one real server per file on a temporary database and a free port, driven by Playwright in Debian's
// Chromium. Files share nothing but the client build, so four run at once: on two cores a file's steps leave much of
// the CPU idle while they wait on the page, the server or the next frame (three left a tenth of it unused).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 4,
    // a worker imports Playwright and the harness once for all its files (each file starts its own server and browser)
    isolate: false,
    globalSetup: ['tests/e2e/global-setup.ts'],
  },
});
