// Shared by proof:load and proof:backup: a keep-alive HTTP client per simulated user, the server process (as npm start
// runs it) on a temp database on loopback, latency figures, and the users' save/list/read loop.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ROOT } from './build.mjs';
import { serverEnv, waitForServer } from './server-kit';

/** A pause (ms, on average) between one client's calls; 0 = back to back. */
const THINK_MS = Number(process.env.THINK_MS ?? 0);

/**
 * The REST list call: by default one page of 30, newest first (what the saved-configurations screen shows, through
 * the REST door); REST_LIST=all asks for the unpaged list (up to 1,000 rows). Without a pause each client adds about
 * ten quotes a second, so an unpaged list measures the growth of the test's own data more than the team.
 */
export const REST_LIST_PATH = process.env.REST_LIST === 'all' ? '/api/configurations' : '/api/configurations?page=1&limit=30';

// ---------------------------------------------------------------------------------------------------------------
// A tiny HTTP client: one keep-alive connection per simulated user, so a client's calls queue like a browser tab's.

export interface Reply {
  status: number;
  body: any;
}

export class Client {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** The cookies the server set (session, device), by name, as a browser keeps them. */
  private readonly jar = new Map<string, string>();
  constructor(readonly port: number) {}

  /** The Cookie header this client sends. */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

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
          for (const line of res.headers['set-cookie'] ?? []) {
            const pair = line.split(';')[0]!;
            const at = pair.indexOf('=');
            const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
            if (value === '') this.jar.delete(name);
            else this.jar.set(name, value);
          }
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

/**
 * A probe of its own (one keep-alive connection) calling GET /api/health back to back until stopped: how long another
 * request waits while a script's heavy call runs. `stop` answers each call's time in ms.
 */
export function healthProbe(port: number): { stop(): Promise<number[]> } {
  const c = new Client(port);
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await c.request('GET', '/api/health');
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      times.push(performance.now() - started);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      c.close();
      return times;
    },
  };
}

export interface Server {
  child: ChildProcess;
  exited: Promise<void>;
}

export async function startServer(dir: string, port: number): Promise<Server> {
  const child = spawn(process.execPath, [...(process.env.SERVER_NODE_FLAGS ? process.env.SERVER_NODE_FLAGS.split(' ') : []), 'scripts/start.mjs'], {
    cwd: ROOT,
    env: serverEnv({ port, appUrl: `http://127.0.0.1:${port}`, dir }, { CLIENT_DIR: '' }),
    stdio: ['ignore', fs.openSync(path.join(dir, 'server.log'), 'a'), fs.openSync(path.join(dir, 'server.log'), 'a')],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const up = await waitForServer(`http://127.0.0.1:${port}/api/health`, { child, timeoutMs: 180_000, intervalMs: 50 });
  if (up === 'exited') throw new Error(`the server exited:\n${fs.readFileSync(path.join(dir, 'server.log'), 'utf8')}`);
  if (up === 'timeout') throw new Error('the server did not become ready');
  return { child, exited };
}

// ---------------------------------------------------------------------------------------------------------------
// Figures.

export type Op = 'save' | 'list (REST)' | 'list (tRPC)' | 'read';
export const OPS: Op[] = ['save', 'list (REST)', 'list (tRPC)', 'read'];

export class Stats {
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
    console.log(
      `  ${'call'.padEnd(14)} ${'count'.padStart(7)} ${'per s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    );
    for (const op of OPS) {
      const { count, p50, p99, max } = this.summary(op);
      console.log(
        `  ${op.padEnd(14)} ${String(count).padStart(7)} ${(count / seconds).toFixed(0).padStart(7)} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)} ${max.toFixed(1).padStart(8)}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The simulated users.

export interface Catalog {
  packages: { id: number }[];
  addOns: { id: number; availableForPackages?: number[] }[];
  discounts: { id: number }[];
}
export interface Acked {
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
      else if (op === 'list (REST)') reply = await client.request('GET', REST_LIST_PATH);
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

export async function runLoad(clients: Client[], catalog: Catalog, seconds: number, acked: Acked[], crashed: () => boolean = () => false) {
  const stats = new Stats();
  const until = Date.now() + seconds * 1000;
  await Promise.all(clients.map((c) => userLoop(c, catalog, until, stats, acked, crashed)));
  return stats;
}

/** Creates `count` accounts through the admin API (no registration rate limit) and signs each in on its own client. */
export async function signedInClients(port: number, count: number): Promise<{ clients: Client[]; catalog: Catalog }> {
  const admin = new Client(port);
  const login = await admin.request('POST', '/api/login', { username: 'admin@example.com', password: 'Admin1234' });
  if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
  const password = 'Load-test-1234';
  const stamp = Date.now().toString(36);
  const clients: Client[] = [];
  for (let i = 0; i < count; i++) {
    const email = `load${i}-${stamp}@example.com`;
    const res = await admin.request('POST', '/api/admin/users', {
      username: `load${i}-${stamp}`,
      email,
      firstname: 'Load',
      lastname: `User ${i}`,
      companyName: 'Load BV',
      password,
      isAdmin: false,
    });
    if (res.status !== 201) throw new Error(`creating ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    clients.push(new Client(port));
  }
  // Four sign-ins at a time (password hashing is deliberately slow); a busy answer is retried.
  for (let start = 0; start < count; start += 4) {
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
  return { clients, catalog };
}
