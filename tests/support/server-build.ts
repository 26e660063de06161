// Global setup of the node tests: the tests that start a server process run the compiled bundle `npm start` runs
// (dist/server/main.js), rebuilt here when its sources changed, so they exercise what an operator starts and a
// process starts without transpiling TypeScript. The browser tests' setup finds it current.
import { ensureBuilt } from '../../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await ensureBuilt({ client: false, log: () => undefined });
}
