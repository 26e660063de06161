// Backup and restore as the README tells an operator to do them: `npm run db:backup <file>` against a running server
// that is saving quotes, then the copy restored into a fresh folder and a new server started on it — the quotes are
// there through the API, with their totals.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/server-kit';
import { USER } from '../support/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-backup-'));
  dirs.push(dir);
  return dir;
}

/** The server as `npm start` runs it (built by tests/support/server-build.ts) on `dir`/app.db, with a stub client build:
 * this test is about the data. */
async function startServer(dir: string): Promise<ServerProcess> {
  const clientDir = path.join(dir, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>stub</title>');
  const server = await startServerProcess({ dir, env: { CLIENT_DIR: clientDir, LOG_LEVEL: 'warn' } });
  children.push(server.child);
  return server;
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER.email, password: USER.password }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

function save(url: string, cookie: string, name: string, squareMeters: number) {
  const body = {
    name,
    packageId: 2,
    pricingModel: 'sqm',
    squareMeters,
    userCount: 10,
    locations: 3,
    addOns: [],
    customItems: [],
    discountIds: [],
    contractDuration: 36,
    paymentFrequency: 'annually',
  };
  return fetch(`${url}/api/configurations`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
}

function backup(db: string, target: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', target], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: db },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('npm run db:backup copies a running, writing database; restored into a fresh folder it serves the same quotes', async () => {
    const liveDir = tempDir();
    const live = path.join(liveDir, 'app.db');
    const server = await startServer(liveDir);
    const cookie = await signIn(server.url);
    const saved: { id: number; name: string; totalMonthly: string; tcv: string }[] = [];
    for (const [i, sqm] of [750, 1200, 5000].entries()) {
      const res = await save(server.url, cookie, `Backed up ${i}`, sqm);
      expect(res.status).toBe(201);
      saved.push(await res.json());
    }

    // Back up while more saves are being written.
    const target = path.join(tempDir(), 'backups', 'quotes.db');
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) expect((await save(server.url, cookie, `During backup ${n++}`, 300 + n)).status).toBe(201);
      return n;
    })();
    const result = await backup(live, target);
    writing = false;
    const duringBackup = await writer;
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('integrity ok');
    expect(result.output).toMatch(/configurations \d+/);
    expect(duringBackup).toBeGreaterThan(0);
    await server.stop();

    // Restore: the copy becomes the database of a server in a fresh folder.
    const restoredDir = tempDir();
    const restored = path.join(restoredDir, 'app.db');
    fs.copyFileSync(target, restored);
    const second = await startServer(restoredDir);
    const cookie2 = await signIn(second.url);
    const list = await fetch(`${second.url}/api/configurations`, { headers: { cookie: cookie2 } });
    expect(list.status).toBe(200);
    const rows = (await list.json()) as { id: number; name: string; totalMonthly: string; tcv: string }[];
    for (const s of saved) {
      expect(
        rows.find((r) => r.id === s.id),
        `quote ${s.name}`,
      ).toMatchObject({ name: s.name, totalMonthly: s.totalMonthly, tcv: s.tcv });
      const one = await fetch(`${second.url}/api/configurations/${s.id}`, { headers: { cookie: cookie2 } });
      expect(one.status).toBe(200);
      expect(await one.json()).toMatchObject({ name: s.name, totalMonthly: s.totalMonthly, tcv: s.tcv });
    }
    // The copy is a moment of the live database: never more quotes than were written, and a consistent prefix.
    const during = rows
      .filter((r) => r.name.startsWith('During backup '))
      .map((r) => Number(r.name.slice('During backup '.length)))
      .sort((a, b) => a - b);
    expect(during).toEqual(during.map((_, i) => i));
    expect(during.length).toBeLessThanOrEqual(duringBackup);
    await second.stop();
  }, 120_000);

  it('refuses to back up a database that does not exist, naming it', async () => {
    const missing = path.join(tempDir(), 'nothing-here.db');
    const result = await backup(missing, path.join(tempDir(), 'copy.db'));
    expect(result.code).toBe(1);
    expect(result.output).toContain(`No database at ${missing}`);
  }, 60_000);
});
