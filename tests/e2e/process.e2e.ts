import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startServer } from './harness';

describe('the server process', () => {
  it('honours PORT and DATABASE_PATH, and a stop signal closes it and the database cleanly', async () => {
    const server = await startServer();
    const dbFile = path.join(server.dir, 'app.db');
    expect(fs.existsSync(dbFile)).toBe(true);

    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@example.com', password: 'Demo12345' }),
    });
    expect(login.status).toBe(200);

    expect(await server.stop({ keepFiles: true })).toBe(0);
    expect(server.output()).toContain('SIGTERM received: closing.');
    // The WAL was checkpointed into the main file on close: nothing is left pending.
    const wal = `${dbFile}-wal`;
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare("select last_login from users where email = 'demo@example.com'").get() as { last_login: number };
    db.close();
    expect(row.last_login).toBeGreaterThan(0);
    fs.rmSync(server.dir, { recursive: true, force: true });
  });
});
