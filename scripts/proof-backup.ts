/**
 * npm run proof:backup — backups taken while the server is under load are complete and consistent.
 *
 * Starts the server (as `npm start` runs it) on a temp database on loopback, puts BACKUP_CLIENTS (default 20) signed-in
 * clients on it saving, listing and reading for BACKUP_LOAD_SECONDS (default 12, longer until the last backup is
 * done), and meanwhile runs the documented
 * command `npm run db:backup <file>` BACKUPS times (default 3). Each copy must pass PRAGMA integrity_check and hold
 * every save that was answered 201 before its backup started, with the same totals; the load must see zero errors.
 * Prints each backup's figures and PASS or FAIL; stops by itself.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { formatMoney } from '../src/shared/money';
import { ROOT } from './build.mjs';
import { type Acked, runLoad, type Server, signedInClients, startServer } from './load-kit';
import { freePort } from './server-kit';

const CLIENTS = Number(process.env.BACKUP_CLIENTS ?? 20);
const SECONDS = Number(process.env.BACKUP_LOAD_SECONDS ?? 12);
const BACKUPS = Number(process.env.BACKUPS ?? 3);

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

interface BackupResult {
  at: number;
  wallMs: number;
  file: string;
  ackedBefore: Acked[];
  ackedAfter: number;
  code: number | null;
  output: string;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-proof-backup-'));
  const port = await freePort();
  let server: Server | undefined;
  const failures: string[] = [];
  try {
    console.log(
      `proof:backup — ${CLIENTS} clients for ${SECONDS} s, ${BACKUPS} backups meanwhile; node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`,
    );
    server = await startServer(dir, port);
    const { clients, catalog } = await signedInClients(port, CLIENTS);
    const acked: Acked[] = [];
    const started = Date.now();
    // The load runs at least SECONDS and until the last backup has finished, so every backup is taken under load.
    let backupsDone = false;
    const load = runLoad(clients, catalog, 24 * 3600, acked, () => backupsDone && Date.now() - started >= SECONDS * 1000);

    const backups: BackupResult[] = [];
    for (let i = 1; i <= BACKUPS; i++) {
      const due = started + (i * SECONDS * 1000) / (BACKUPS + 1);
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      const file = path.join(dir, 'backups', `backup-${i}.db`);
      const ackedBefore = acked.slice();
      const t0 = performance.now();
      const { code, output } = await run('npm', ['run', '--silent', 'db:backup', '--', file], {
        DATABASE_PATH: path.join(dir, 'app.db'),
        LOG_LEVEL: 'warn',
      });
      backups.push({ at: (Date.now() - started) / 1000, wallMs: performance.now() - t0, file, ackedBefore, ackedAfter: acked.length, code, output });
    }
    backupsDone = true;
    const stats = await load;
    const loadSeconds = (Date.now() - started) / 1000;
    for (const c of clients) c.close();

    console.log(`\nload: ${loadSeconds.toFixed(1)} s, ${CLIENTS} clients, ${acked.length} saves answered 201, ${stats.errors.length} errors`);
    stats.print(loadSeconds);
    if (stats.errors.length > 0) failures.push(`${stats.errors.length} errors under load (first: ${stats.errors[0]})`);

    console.log(
      `\n  ${'backup'.padEnd(8)} ${'at s'.padStart(6)} ${'npm run ms'.padStart(10)} ${'copy ms'.padStart(8)} ${'KiB'.padStart(7)} ${'integrity'.padStart(10)} ${'quotes'.padStart(7)} ${'saved before'.padStart(13)} ${'missing'.padStart(8)}`,
    );
    for (const [i, b] of backups.entries()) {
      if (b.code !== 0) {
        failures.push(`backup ${i + 1} exited ${b.code}: ${b.output.trim()}`);
        continue;
      }
      const copyMs = /in (\d+) ms/.exec(b.output)?.[1] ?? '?';
      const db = new Database(b.file, { readonly: true, fileMustExist: true });
      const integrity = String(db.pragma('integrity_check', { simple: true }));
      const rows = db.prepare('select id, total_monthly_cents as m, setup_fees_cents as s, tcv_cents as t from configurations').all() as {
        id: number;
        m: number;
        s: number;
        t: number;
      }[];
      db.close();
      const stored = new Map(rows.map((r) => [r.id, r]));
      const missing = b.ackedBefore.filter((a) => {
        const r = stored.get(a.id);
        return !r || formatMoney(r.m) !== a.totalMonthly || formatMoney(r.s) !== a.setupFees || formatMoney(r.t) !== a.tcv;
      }).length;
      const quotes = rows.filter((r) => acked.some((a) => a.id === r.id)).length;
      console.log(
        `  ${`#${i + 1}`.padEnd(8)} ${b.at.toFixed(1).padStart(6)} ${b.wallMs.toFixed(0).padStart(10)} ${copyMs.padStart(8)} ${(fs.statSync(b.file).size / 1024).toFixed(0).padStart(7)} ${integrity.padStart(10)} ${String(quotes).padStart(7)} ${String(b.ackedBefore.length).padStart(13)} ${String(missing).padStart(8)}`,
      );
      if (integrity !== 'ok') failures.push(`backup ${i + 1}: integrity_check ${integrity}`);
      if (missing > 0) failures.push(`backup ${i + 1}: ${missing} saves answered before it started are missing or differ`);
      if (quotes > b.ackedAfter + CLIENTS) failures.push(`backup ${i + 1}: holds more quotes than were ever saved`);
    }
    if (backups.length > 0 && backups.every((b) => b.ackedBefore.length === 0)) failures.push('no save preceded any backup: nothing was proven');
  } catch (error) {
    failures.push(`aborted: ${(error as Error).stack ?? error}`);
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (failures.length > 0) console.log(`files kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    failures.length === 0
      ? '\nPASS: every backup taken under load is intact and holds every save answered before it began'
      : `\nFAIL:\n  ${failures.join('\n  ')}`,
  );
  process.exitCode = failures.length === 0 ? 0 : 1;
}

await main();
