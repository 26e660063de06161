// Global setup of the tests that make test apps (tests/support/test-app.ts): the migrated database with the demo
// catalogue and accounts, made once for the run. A test app starts from a copy of it: migrating a new file and hashing
// the demo accounts' passwords cost more than the rest of a test app, and every file makes one or more.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase } from '../../src/server/db/database';
import { seedDemo } from '../../src/server/seed/seed';
import type { TestProject } from 'vitest/node';
import { TestClock } from './clock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database a test app seeded on a new TestClock copies (where not provided, it migrates and seeds its own). */
    seededDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-seeded-'));
  const file = path.join(dir, 'app.db');
  const db = openDatabase(file, { log: () => undefined });
  await seedDemo(db, new TestClock());
  // checkpointed and closed: the one file holds it all
  closeDatabase(db);
  project.provide('seededDatabase', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
