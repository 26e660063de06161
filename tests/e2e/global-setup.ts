// The client the browser tests load is built from the current source: dist/client when its stamp says it is (the
// build `npm start` made, only read here), otherwise a build into a folder of this run, so two runs at once (or a
// running `npm start`) never overwrite each other's build. The server is the compiled bundle `npm start` runs
// (dist/server, rebuilt here when its sources changed): the browser tests drive what a user runs, and a server starts
// without transpiling TypeScript.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient, CLIENT_OUT, clientInputs, ensureBuilt, hashInputs, staleReason } from '../../scripts/build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    clientDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  await ensureBuilt({ client: false, log: () => undefined });
  const stamp = hashInputs(clientInputs());
  if (staleReason(CLIENT_OUT, stamp, 'index.html') === null) {
    project.provide('clientDir', CLIENT_OUT);
    return () => undefined;
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-client-'));
  // Vitest sets NODE_ENV=test, which would make React's development build; the server serves a production build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildClient(outDir, stamp);
  } finally {
    process.env.NODE_ENV = previous;
  }
  project.provide('clientDir', outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
