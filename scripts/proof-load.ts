/**
 * npm run proof:load — the whole team at once, then a crash in the middle of it.
 *
 * Starts the real server (`node scripts/start.mjs`, as `npm start` does) on a temp database, on loopback only, and
 * signs in LOAD_CLIENTS (default 50) accounts created through the admin API. Each client, on its own keep-alive
 * connection, loops: save (POST /api/configurations), list (GET /api/configurations and tRPC configurations.list)
 * and read one of its own saves (GET /api/configurations/{id}).
 *   Phase 1 (LOAD_SECONDS, default 30): zero errors; p50/p99 of every call; save p99 < 100 ms.
 *   Phase 2 (CRASH_SECONDS, default 10): the same load; half-way the server gets SIGKILL. It is restarted on the same
 *   database: PRAGMA integrity_check must be ok and every save answered 201 (in either phase) must be there with the
 *   totals it was answered with (totalMonthly, setupFees, tcv).
 * Stops by itself; prints PASS or FAIL and exits 0 or 1. THINK_MS (default 0) adds a pause between a client's calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { formatMoney } from '../src/shared/money';
import { ROOT } from './build.mjs';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CRASH_SECONDS = Number(process.env.CRASH_SECONDS ?? 10);
const THINK_MS = Number(process.env.THINK_MS ?? 0);
const SAVE_P99_TARGET_MS = 100;

// ---------------------------------------------------------------------------------------------------------------
// A tiny HTTP client: one keep-alive connection per simulated user, so a client's calls queue like a browser tab's.

interface Reply {
  status: number;
  body: any;
}

class Client {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  cookie = '';
  constructor(readonly port: number) {}

  request(method: string, url: string, body?: unknown): Promise<Reply> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (this.cookie) headers.cookie = this.cookie;
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path: url, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie']?.[0];
          if (setCookie) this.cookie = setCookie.split(';')[0]!;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* keep text */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
  close() {
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The server process.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Server {
  child: ChildProcess;
  exited: Promise<void>;
}

async function startServer(dir: string, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_PATH: path.join(dir, 'app.db'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      SEED_DEMO: 'true',
      CLIENT_DIR: '',
    },
    stdio: ['ignore', fs.openSync(path.join(dir, 'server.log'), 'a'), fs.openSync(path.join(dir, 'server.log'), 'a')],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (const deadline = Date.now() + 180_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${fs.readFileSync(path.join(dir, 'server.log'), 'utf8')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, exited };
}

// ---------------------------------------------------------------------------------------------------------------
// Figures.

type Op = 'save' | 'list (REST)' | 'list (tRPC)' | 'read';
const OPS: Op[] = ['save', 'list (REST)', 'list (tRPC)', 'read'];

class Stats {
  readonly times = new Map<Op, number[]>(OPS.map((o) => [o, []]));
  readonly errors: string[] = [];
  add(op: Op, ms: number) {
    this.times.get(op)!.push(ms);
  }
  static pct(sorted: number[], p: number) {
    if (sorted.length === 0) return Number.NaN;
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  }
  summary(op: Op) {
    const s = [...this.times.get(op)!].sort((a, b) => a - b);
    return { count: s.length, p50: Stats.pct(s, 50), p99: Stats.pct(s, 99), max: s[s.length - 1] ?? Number.NaN };
  }
  print(seconds: number) {
    console.log(`  ${'call'.padEnd(14)} ${'count'.padStart(7)} ${'per s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    for (const op of OPS) {
      const { count, p50, p99, max } = this.summary(op);
      console.log(`  ${op.padEnd(14)} ${String(count).padStart(7)} ${(count / seconds).toFixed(0).padStart(7)} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)} ${max.toFixed(1).padStart(8)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The simulated users.

interface Catalog {
  packages: { id: number }[];
  addOns: { id: number; availableForPackages?: number[] }[];
  discounts: { id: number }[];
}
interface Acked {
  id: number;
  totalMonthly: string;
  setupFees: string;
  tcv: string;
}

let seq = 0;
function randomForm(catalog: Catalog, n: number) {
  const pkg = catalog.packages[n % catalog.packages.length]!;
  const addOns = catalog.addOns.filter((a, i) => (a.availableForPackages?.includes(pkg.id) ?? true) && (i + n) % 3 === 0);
  return {
    name: `Load ${n} – Acme Logistics`,
    packageId: pkg.id,
    pricingModel: n % 4 === 0 ? 'user' : 'sqm',
    squareMeters: 100 + ((n * 37) % 5000),
    userCount: 5 + ((n * 13) % 400),
    locations: 1 + (n % 6),
    addOns: addOns.map((a, i) => ({ id: a.id, waiveSetupFee: i % 2 === 0 })),
    customItems: n % 5 === 0 ? [{ id: `c${n}`, name: 'Training day', description: 'On site', isOneTime: true, price: 650 }] : [],
    discountIds: catalog.discounts.filter((_, i) => (i + n) % 4 === 0).map((d) => d.id),
    contractDuration: [12, 24, 36][n % 3],
    paymentFrequency: ['monthly', 'quarterly', 'annually'][n % 3],
  };
}

/** One user's loop until `until`; records every 201 save in `acked`. Stops quietly on `stop()` (crash phase). */
async function userLoop(client: Client, catalog: Catalog, until: number, stats: Stats, acked: Acked[], crashed: () => boolean) {
  const own: number[] = [];
  let i = 0;
  while (Date.now() < until && !crashed()) {
    const kind = i++ % 5; // save, list REST, save, list tRPC, read
    const op: Op = kind === 0 || kind === 2 ? 'save' : kind === 1 ? 'list (REST)' : kind === 3 ? 'list (tRPC)' : 'read';
    const t0 = performance.now();
    let reply: Reply;
    try {
      if (op === 'save') reply = await client.request('POST', '/api/configurations', randomForm(catalog, seq++));
      else if (op === 'list (REST)') reply = await client.request('GET', '/api/configurations');
      else if (op === 'list (tRPC)') {
        const input = encodeURIComponent(JSON.stringify({ page: 1, sort: 'createdAt', direction: 'desc' }));
        reply = await client.request('GET', `/trpc/configurations.list?input=${input}`);
      } else {
        const id = own[Math.floor(Math.random() * own.length)];
        reply = await client.request('GET', `/api/configurations/${id ?? 0}`);
      }
    } catch (error) {
      if (!crashed()) stats.errors.push(`${op}: ${(error as Error).message}`);
      return;
    }
    const ms = performance.now() - t0;
    const expected = op === 'save' ? 201 : op === 'read' && own.length === 0 ? 404 : 200;
    if (reply.status !== expected) {
      stats.errors.push(`${op}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
      continue;
    }
    stats.add(op, ms);
    if (op === 'save') {
      const b = reply.body as Acked;
      acked.push({ id: b.id, totalMonthly: b.totalMonthly, setupFees: b.setupFees, tcv: b.tcv });
      own.push(b.id);
    }
    if (THINK_MS > 0) await new Promise((r) => setTimeout(r, Math.random() * 2 * THINK_MS));
  }
}

async function runLoad(clients: Client[], catalog: Catalog, seconds: number, acked: Acked[], crashed: () => boolean = () => false) {
  const stats = new Stats();
  const until = Date.now() + seconds * 1000;
  await Promise.all(clients.map((c) => userLoop(c, catalog, until, stats, acked, crashed)));
  return stats;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-proof-load-'));
  const port = await freePort();
  let server: Server | undefined;
  const clients: Client[] = [];
  const failures: string[] = [];
  try {
    console.log(`proof:load — ${CLIENTS} clients, ${LOAD_SECONDS} s load, ${CRASH_SECONDS} s crash phase; node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}`);
    server = await startServer(dir, port);
    console.log(`server ready on 127.0.0.1:${port} (database ${path.join(dir, 'app.db')})`);

    // Accounts through the admin API (no registration rate limit), each signed in on its own connection.
    const admin = new Client(port);
    const login = await admin.request('POST', '/api/login', { username: 'admin@example.com', password: 'Admin1234' });
    if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
    const password = 'Load-test-1234';
    const stamp = Date.now().toString(36);
    for (let i = 0; i < CLIENTS; i++) {
      const email = `load${i}-${stamp}@example.com`;
      const res = await admin.request('POST', '/api/admin/users', { username: `load${i}-${stamp}`, email, firstname: 'Load', lastname: `User ${i}`, companyName: 'Load BV', password, isAdmin: false });
      if (res.status !== 201) throw new Error(`creating ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      clients.push(new Client(port));
    }
    for (let start = 0; start < CLIENTS; start += 4) {
      await Promise.all(
        clients.slice(start, start + 4).map(async (c, k) => {
          const i = start + k;
          for (let attempt = 0; ; attempt++) {
            const res = await c.request('POST', '/api/login', { username: `load${i}-${stamp}@example.com`, password });
            if (res.status === 200) return;
            if ((res.status === 429 || res.status === 503) && attempt < 20) await new Promise((r) => setTimeout(r, 250));
            else throw new Error(`login load${i}: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }),
      );
    }
    const catalog: Catalog = {
      packages: (await admin.request('GET', '/api/packages')).body,
      addOns: (await admin.request('GET', '/api/addons')).body,
      discounts: (await admin.request('GET', '/api/discounts')).body,
    };
    admin.close();
    console.log(`${CLIENTS} accounts created and signed in`);

    // Phase 1: load.
    const acked: Acked[] = [];
    const stats = await runLoad(clients, catalog, LOAD_SECONDS, acked);
    console.log(`\nphase 1: ${LOAD_SECONDS} s of load, ${CLIENTS} concurrent clients`);
    stats.print(LOAD_SECONDS);
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
      setTimeout(() => {
        killedAt = Date.now();
        running.child.kill('SIGKILL');
        resolve();
      }, (CRASH_SECONDS * 1000) / 2),
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
    const rows = db.prepare('select id, total_monthly_cents as m, setup_fees_cents as s, tcv_cents as t from configurations').all() as { id: number; m: number; s: number; t: number }[];
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
    console.log(`saves answered 201 (both phases): ${acked.length}; in the database: ${acked.length - missing}; missing: ${missing}; totals differing: ${differing}`);
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
    else fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(failures.length === 0 ? '\nPASS: zero errors, save p99 within target, nothing lost to SIGKILL' : `\nFAIL:\n  ${failures.join('\n  ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

await main();
