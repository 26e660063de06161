// Files only for the service (docs/DECISIONS.md "Hardening"): whatever the umask, the data folder is 0700 and every
// file the server writes there 0600 — the database and its -wal/-shm, the app's secret, the outbox, backups and
// pre-migration copies — and what an earlier version left readable is tightened at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/server-kit';
import { backupDatabase } from '../../src/server/db/backup';
import { closeDatabase, openDatabase } from '../../src/server/db/database';
import { USER } from '../support/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const servers: ServerProcess[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-private-'));
  dirs.push(dir);
  return dir;
}

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8).padStart(4, '0');

/** Every folder and file under `dir` (the release's runtime aside) with its mode. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { '.': modeOf(dir) };
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = modeOf(full);
  }
  return out;
}

afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('files only for the service', () => {
  it('the server under umask 000 keeps its data folder 0700 and every file 0600, tightening what was left readable', async () => {
    const dir = path.join(tempDir(), 'data');
    // what an earlier version under a loose umask left: a readable folder and a readable mail in the outbox
    fs.mkdirSync(path.join(dir, 'outbox'), { recursive: true });
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, 'outbox'), 0o755);
    fs.writeFileSync(path.join(dir, 'outbox/old.eml'), 'a reset link', { mode: 0o644 });
    fs.chmodSync(path.join(dir, 'outbox/old.eml'), 0o644);
    const clientDir = path.join(tempDir(), 'client');
    fs.mkdirSync(clientDir);
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>stub</title>');

    const server = await startServerProcess({ dir, env: { CLIENT_DIR: clientDir, LOG_LEVEL: 'warn' }, umask: '000' });
    servers.push(server);
    // a reset mail makes the server write into its outbox
    const reset = await fetch(`${server.url}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: USER.email }),
    });
    expect(reset.status).toBe(200);
    await expect.poll(() => fs.readdirSync(path.join(dir, 'outbox')).length, { timeout: 10_000 }).toBe(2);

    const seen = modes(dir);
    expect(Object.keys(seen)).toEqual(expect.arrayContaining(['.', 'app.db', 'app.db-wal', 'app.db-shm', 'outbox', 'outbox/old.eml']));
    for (const [name, mode] of Object.entries(seen)) {
      const isFolder = fs.statSync(path.join(dir, name)).isDirectory();
      expect({ name, mode }).toEqual({ name, mode: isFolder ? '0700' : '0600' });
    }
  });

  it('a new database, its backup and the copy taken before a migration are 0600 in a 0700 folder', async () => {
    const dir = path.join(tempDir(), 'fresh');
    const file = path.join(dir, 'app.db');
    const db = openDatabase(file, { log: () => {} });
    db.$client.exec('create table probe (x); insert into probe values (1)');
    expect(modeOf(dir)).toBe('0700');
    expect([modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)]).toEqual(['0600', '0600', '0600']);

    const target = path.join(tempDir(), 'backups/copy.db');
    await backupDatabase(file, target);
    closeDatabase(db);
    expect([modeOf(path.dirname(target)), modeOf(target)]).toEqual(['0700', '0600']);

    // an older version's database: opening it migrates, after a copy of it
    const old = path.join(tempDir(), 'old');
    fs.mkdirSync(old);
    fs.copyFileSync(path.join(ROOT, 'tests/fixtures/schema-0006.db'), path.join(old, 'app.db'));
    fs.chmodSync(path.join(old, 'app.db'), 0o644);
    closeDatabase(openDatabase(path.join(old, 'app.db'), { log: () => {} }));
    const copies = fs.readdirSync(old).filter((f) => f.includes('.before-'));
    expect(copies).toHaveLength(1);
    expect([modeOf(path.join(old, 'app.db')), modeOf(path.join(old, copies[0]!))]).toEqual(['0600', '0600']);
  });
});
