/**
 * npm run proof:load — the whole team at once, then a crash in the middle of it.
 *
 * Starts the real server (`node scripts/start.mjs`, as `npm start` does) on a temp database, on loopback only, and
 * signs in LOAD_CLIENTS (default 50) accounts created through the admin API. Each client, on its own keep-alive
 * connection, loops: save (POST /api/configurations), list (a page of 30 through GET /api/configurations?page=1&limit=30
 * — REST_LIST=all for the unpaged list — and tRPC configurations.list) and read one of its own saves
 * (GET /api/configurations/{id}).
 *   Phase 1 (LOAD_SECONDS, default 30): zero errors; p50/p99 of every call; save p99 < 100 ms.
 *   Phase 2 (CRASH_SECONDS, default 10): the same load; half-way the server gets SIGKILL. It is restarted on the same
 *   database: PRAGMA integrity_check must be ok and every save answered 201 (in either phase) must be there with the
 *   totals it was answered with (totalMonthly, setupFees, tcv).
 * Stops by itself; prints PASS or FAIL and exits 0 or 1. THINK_MS (default 0) adds a pause between a client's calls;
 * SERVER_NODE_FLAGS passes flags to the server's node (e.g. --perf-basic-prof, to profile it under this load);
 * KEEP_DIR=1 keeps the database and server log of a passing run too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { formatMoney } from '../src/shared/money';
import { type Acked, Client, REST_LIST_PATH, runLoad, type Server, signedInClients, startServer } from './load-kit';
import { freePort } from './server-kit';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CRASH_SECONDS = Number(process.env.CRASH_SECONDS ?? 10);
const SAVE_P99_TARGET_MS = 100;

// ---------------------------------------------------------------------------------------------------------------

/**
 * The same calls as the server's request log timed them (handler time, without the wait for the event loop and the
 * network): the difference to the client's figures is queueing — on a busy machine, the wait for a CPU.
 */
function printServerSide(logFile: string): void {
  const times = new Map<string, number[]>();
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"msg":"request"')) continue;
    const r = JSON.parse(line) as { method: string; path: string; ms: number };
    const op =
      r.method === 'POST' && r.path === '/api/configurations'
        ? 'save'
        : r.path === '/api/configurations'
          ? 'list (REST)'
          : r.path === '/trpc/configurations.list'
            ? 'list (tRPC)'
            : r.method === 'GET' && r.path.startsWith('/api/configurations/')
              ? 'read'
              : null;
    if (op) (times.get(op) ?? times.set(op, []).get(op)!).push(r.ms);
  }
  console.log('  server-side (request log: handler time only):');
  for (const [op, list] of times) {
    list.sort((a, b) => a - b);
    const pct = (p: number) => list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!;
    console.log(
      `  ${op.padEnd(14)} ${String(list.length).padStart(7)} ${''.padStart(7)} ${pct(50).toFixed(1).padStart(8)} ${pct(99).toFixed(1).padStart(8)} ${list[list.length - 1]!.toFixed(1).padStart(8)}`,
    );
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-proof-load-'));
  const port = await freePort();
  let server: Server | undefined;
  const clients: Client[] = [];
  const failures: string[] = [];
  try {
    console.log(
      `proof:load — ${CLIENTS} clients, ${LOAD_SECONDS} s load, ${CRASH_SECONDS} s crash phase; node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`,
    );
    console.log(
      `each client: save, ${REST_LIST_PATH}, save, tRPC configurations.list (page 1), read one of its saves${process.env.THINK_MS ? `; ~${process.env.THINK_MS} ms between calls` : ', back to back'}`,
    );
    server = await startServer(dir, port);
    console.log(`server ready on 127.0.0.1:${port} (database ${path.join(dir, 'app.db')})`);

    const setup = await signedInClients(port, CLIENTS);
    clients.push(...setup.clients);
    const catalog = setup.catalog;
    console.log(`${CLIENTS} accounts created and signed in`);

    // Phase 1: load.
    const acked: Acked[] = [];
    const stats = await runLoad(clients, catalog, LOAD_SECONDS, acked);
    console.log(`\nphase 1: ${LOAD_SECONDS} s of load, ${CLIENTS} concurrent clients`);
    stats.print(LOAD_SECONDS);
    printServerSide(path.join(dir, 'server.log'));
    const save = stats.summary('save');
    console.log(`  errors: ${stats.errors.length}${stats.errors.length ? ` (first: ${stats.errors.slice(0, 3).join(' | ')})` : ''}`);
    if (stats.errors.length > 0) failures.push(`${stats.errors.length} errors under load`);
    if (!(save.p99 < SAVE_P99_TARGET_MS)) failures.push(`save p99 ${save.p99.toFixed(1)} ms ≥ ${SAVE_P99_TARGET_MS} ms`);

    // Phase 2: the same load, SIGKILL half-way.
    let killedAt = 0;
    const crashed = () => killedAt > 0;
    const before = acked.length;
    const running = server;
    const killer = new Promise<void>((resolve) =>
      setTimeout(
        () => {
          killedAt = Date.now();
          running.child.kill('SIGKILL');
          resolve();
        },
        (CRASH_SECONDS * 1000) / 2,
      ),
    );
    const crashStats = await runLoad(clients, catalog, CRASH_SECONDS, acked, crashed);
    await killer;
    await running.exited;
    const ackedInCrash = acked.length - before;
    console.log(`\nphase 2: load again, SIGKILL after ${CRASH_SECONDS / 2} s; ${ackedInCrash} saves answered 201 in this phase before the kill`);
    if (crashStats.errors.length > 0) failures.push(`${crashStats.errors.length} errors before the kill (first: ${crashStats.errors[0]})`);

    server = await startServer(dir, port);
    const db = new Database(path.join(dir, 'app.db'), { readonly: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    const rows = db.prepare('select id, total_monthly_cents as m, setup_fees_cents as s, tcv_cents as t from configurations').all() as {
      id: number;
      m: number;
      s: number;
      t: number;
    }[];
    db.close();
    const stored = new Map(rows.map((r) => [r.id, r]));
    let missing = 0;
    let differing = 0;
    for (const a of acked) {
      const r = stored.get(a.id);
      if (!r) missing++;
      else if (formatMoney(r.m) !== a.totalMonthly || formatMoney(r.s) !== a.setupFees || formatMoney(r.t) !== a.tcv) differing++;
    }
    // And through the API, as its owner would see it after the restart: a sample of the saves.
    let apiChecked = 0;
    let apiWrong = 0;
    const sample = acked.filter((_, i) => i % Math.max(1, Math.floor(acked.length / 200)) === 0);
    const admin2 = new Client(port);
    await admin2.request('POST', '/api/login', { username: 'admin@example.com', password: 'Admin1234' });
    for (const a of sample) {
      const res = await admin2.request('GET', `/api/configurations/${a.id}`);
      apiChecked++;
      if (res.status !== 200 || res.body.totalMonthly !== a.totalMonthly || res.body.setupFees !== a.setupFees || res.body.tcv !== a.tcv) apiWrong++;
    }
    admin2.close();
    console.log(`restarted on the same database: PRAGMA integrity_check = ${integrity}`);
    console.log(
      `saves answered 201 (both phases): ${acked.length}; in the database: ${acked.length - missing}; missing: ${missing}; totals differing: ${differing}`,
    );
    console.log(`read back through GET /api/configurations/{id} after the restart: ${apiChecked} checked, ${apiWrong} wrong`);
    if (integrity !== 'ok') failures.push(`integrity_check: ${integrity}`);
    if (missing > 0) failures.push(`${missing} acknowledged saves missing after the crash`);
    if (differing > 0) failures.push(`${differing} saves with different totals after the crash`);
    if (apiWrong > 0) failures.push(`${apiWrong} saves read back wrong through the API`);
    if (ackedInCrash === 0) failures.push('no save was acknowledged in the crash phase (nothing was proven)');
  } catch (error) {
    failures.push(`aborted: ${(error as Error).stack ?? error}`);
  } finally {
    for (const c of clients) c.close();
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (failures.length > 0) console.log(`server log: ${path.join(dir, 'server.log')}`);
    else if (!process.env.KEEP_DIR) fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(failures.length === 0 ? '\nPASS: zero errors, save p99 within target, nothing lost to SIGKILL' : `\nFAIL:\n  ${failures.join('\n  ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

await main();
