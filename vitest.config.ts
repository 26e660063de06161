import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // component tests opt into jsdom with a `// @vitest-environment jsdom` first line
    setupFiles: ['src/client/test/setup-dom.ts'],
    // Both cores: Vitest's default leaves one free, and most files wait on SQLite, argon2 or jsdom's timers.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
