// The background checkpointer copies committed pages into the database file without the main connection doing it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../src/server/db/database';
import { startWalCheckpointer, type WalCheckpointer } from '../../src/server/db/checkpointer';

let dir: string;
let db: Db | undefined;
let checkpointer: WalCheckpointer | undefined;

afterEach(async () => {
  await checkpointer?.stop();
  if (db) closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
  checkpointer = undefined;
  db = undefined;
});

/** ~4 MiB in the WAL: far below the main connection's own checkpoint mark once the checkpointer runs. */
function writeMuch(target: Db): void {
  target.$client.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = target.$client.prepare('INSERT INTO filler (body) VALUES (?)');
  for (let i = 0; i < 100; i++) target.$client.transaction(() => insert.run('x'.repeat(40_000)))();
}

describe('WAL checkpoints in a worker thread', () => {
  it('moves committed pages into the database file while the main connection only writes', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-wal-'));
    const file = path.join(dir, 'app.db');
    db = openDatabase(file);
    checkpointer = startWalCheckpointer(db, file, 50);
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(50_000);
    const before = fs.statSync(file).size;
    writeMuch(db);
    await vi.waitFor(() => expect(fs.statSync(file).size).toBeGreaterThan(before + 3_000_000), { timeout: 5_000, interval: 25 });
    // what the file holds is the committed data, readable by another connection
    const reader = new Database(file, { readonly: true });
    expect(reader.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 100 });
    reader.close();
  });

  it('without it, the same writes stay in the WAL (the main connection checkpoints only at its own mark)', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-wal-'));
    const file = path.join(dir, 'app.db');
    db = openDatabase(file);
    db.$client.pragma('wal_autocheckpoint = 10000');
    const before = fs.statSync(file).size;
    // nothing runs beside the writes, so the file is as they left it
    writeMuch(db);
    expect(fs.statSync(file).size).toBe(before);
  });

  it('stops: the worker exits and the database closes and checkpoints as usual', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-wal-'));
    const file = path.join(dir, 'app.db');
    db = openDatabase(file);
    const running = startWalCheckpointer(db, file, 50);
    writeMuch(db);
    await running.stop();
    closeDatabase(db);
    db = undefined;
    expect(fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0).toBe(0);
    const reader = new Database(file, { readonly: true });
    expect(reader.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 100 });
    reader.close();
  });
});
