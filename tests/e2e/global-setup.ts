// Builds the client once from the current source, so every browser test sees the code under test.
import { build } from 'vite';
import { ROOT } from './harness';

export default async function setup(): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make React's development build; the server serves a production build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: `${ROOT}/vite.config.ts`, mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = previous;
  }
}
