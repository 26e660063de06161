/**
 * HTTP benchmark of the one door against the framework's own floor.
 * Run: npm run bench:http            (BENCH_ROUNDS=3, BENCH_SECONDS=5, BENCH_CONNECTIONS=10 by default)
 *
 * A = the real server as `npm start` runs it (scripts/start.mjs: the compiled bundle dist/server/main.js, rebuilt first
 *     when stale) on a temp database (demo seed, production defaults, request logs at info to /dev/null), loopback.
 * B = a bare Hono handler on @hono/node-server answering the very bytes A answered (status, body, headers).
 * T = a bare tRPC router on @hono/trpc-server (no context, no middleware) whose procedures return the data A
 *     answered: what tRPC itself costs for the same answer.
 * Each case is compared with its floor (T for tRPC calls, B for REST). All run as child processes; autocannon runs
 * here. Within every round the servers alternate (A then floor, floor then A) so both see the same machine load; the
 * report gives medians over the rounds, and the server's CPU time per request beside each rate (steadier than rates
 * on a shared machine, where the load generator may saturate first).
 *
 * Targets: the client's signed-in catalogue call (GET /trpc/catalog.all?batch=1) >= 0.6 of T (aim 0.8);
 * GET /api/packages >= 0.4 of B (aim 0.6). The session check, the quote and the save are reported for information.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { advancedQuote } from '../tests/support/quote-forms';
import { freePort, serverEnv, waitForServer } from './server-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GENERATOR_LIMIT = 0.9;
/** Steal time from which a missed target gets a notice: on a quiet host it reads 0–1 %. */
const STEAL_NOTICE = 0.02;

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** The floor it is compared with: B (same bytes from bare Hono) or T (bare tRPC, same data). */
  floor: 'B' | 'T';
  /** The ratio to the floor that must be reached (absent: for information). */
  target?: number;
}

/** The typical full form, as tests/integration/quote-api.test.ts prices it to the cent. */
const typicalQuote = JSON.stringify(advancedQuote);

const savedQuote = JSON.stringify({ ...advancedQuote, name: 'Bench save', discountIds: advancedQuote.selectedDiscountIds });

const cases: Case[] = [
  { name: 'tRPC catalog.all (batch, signed in)', method: 'GET', path: '/trpc/catalog.all?batch=1&input=%7B%7D', floor: 'T', target: 0.6 },
  { name: 'GET /api/packages (signed in)', method: 'GET', path: '/api/packages', floor: 'B', target: 0.4 },
  { name: 'GET /api/auth/check (signed in)', method: 'GET', path: '/api/auth/check', floor: 'B' },
  { name: 'tRPC auth.check (batch, signed in)', method: 'GET', path: '/trpc/auth.check?batch=1&input=%7B%7D', floor: 'T' },
  { name: 'POST /api/quote (typical form)', method: 'POST', path: '/api/quote', body: typicalQuote, floor: 'B' },
  { name: 'POST /api/configurations (a save)', method: 'POST', path: '/api/configurations', body: savedQuote, floor: 'B' },
];

// ---------------------------------------------------------------------------------------------------------------
// B: the bare server (this same file, started with --bare <port> <responses.json>).

interface Recorded {
  method: string;
  path: string;
  status: number;
  contentType: string;
  /** A's headers, less those Node writes itself. */
  headers: Record<string, string>;
  body: string;
}

/** Headers Node's HTTP server writes on its own (or computes from the body). */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function runBare(port: number, file: string): Promise<void> {
  const { Hono } = await import('hono');
  const { serve } = await import('@hono/node-server');
  const { trpcServer } = await import('@hono/trpc-server');
  const { initTRPC } = await import('@trpc/server');
  const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as Recorded[];
  const app = new Hono();
  // T: one bare procedure per recorded tRPC call, returning the data A answered (queries and mutations alike).
  const t = initTRPC.create();
  const procedures: Record<string, ReturnType<typeof t.procedure.query>> = {};
  for (const r of recorded) {
    if (!r.path.startsWith('/trpc/')) continue;
    const name = r.path.slice('/trpc/'.length).split('?')[0]!;
    const data = (JSON.parse(r.body) as { result: { data: unknown } }[])[0]!.result.data;
    procedures[name.replace('.', '_')] = t.procedure.query(() => data);
  }
  const nested: Record<string, Record<string, unknown>> = {};
  for (const [key, procedure] of Object.entries(procedures)) {
    const [ns, leaf] = key.split('_') as [string, string];
    (nested[ns] ??= {})[leaf] = procedure;
  }
  const router = t.router(Object.fromEntries(Object.entries(nested).map(([ns, p]) => [ns, t.router(p as never)])) as never);
  app.use('/bare-trpc/*', trpcServer({ endpoint: '/bare-trpc', router }));
  // B: the same answer as A, headers and all.
  for (const r of recorded) {
    const sameBytes = () => new Response(r.body, { status: r.status, headers: r.headers });
    const route = r.method === 'GET' ? app.get.bind(app) : app.post.bind(app);
    route(r.path.split('?')[0]!, sameBytes as never);
  }
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.stdout.write('ready\n'));
}

// ---------------------------------------------------------------------------------------------------------------
// The harness.

/** Waits until `url` answers below 500 (the bare server has no /api/health). */
async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const up = await waitForServer(url, { child, ready: (res) => res.status < 500 });
  if (up === 'exited') throw new Error(`${what} exited (${child.exitCode})`);
  if (up === 'timeout') throw new Error(`${what} did not start within 60 s`);
}

/** CPU seconds (user + system) a child has used, from /proc (Linux); null elsewhere. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** The machine's CPU time counters (all cores, in clock ticks) from /proc/stat (Linux); null elsewhere. */
function machineTicks(): { total: number; steal: number } | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user)
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

interface Sample {
  rps: number;
  p99: number;
  /** Share of one core the load generator used. */
  generatorCpu: number;
  /** Share of one core the server process used (null when /proc is not there). */
  serverCpu: number | null;
  /**
   * Share of the machine's CPU time the hypervisor gave to other guests during the run (null without /proc/stat).
   * On this VM the quote's rate falls with it: other guests on the host also take the shared caches.
   */
  steal: number | null;
  errors: number;
}

async function measure(url: string, c: Case, cookie: string, pid: number | undefined, seconds: number): Promise<Sample> {
  const serverBefore = cpuSecondsOf(pid);
  const ticksBefore = machineTicks();
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await autocannon({
    url,
    method: c.method,
    body: c.body,
    headers: { cookie, ...(c.body ? { 'content-type': 'application/json' } : {}) },
    connections: CONNECTIONS,
    duration: seconds,
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = cpuSecondsOf(pid);
  const ticksAfter = machineTicks();
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    generatorCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
    serverCpu: serverBefore !== null && serverAfter !== null ? (serverAfter - serverBefore) / elapsed : null,
    steal:
      ticksBefore && ticksAfter && ticksAfter.total > ticksBefore.total
        ? (ticksAfter.steal - ticksBefore.steal) / (ticksAfter.total - ticksBefore.total)
        : null,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const SCRIPT_QUOTES = 1000;

/**
 * A yardstick for the API (README "Performance"): a script pricing a thousand quotes should take a second. One
 * keep-alive connection, each quote sent when the previous answer has arrived, the typical form; for information.
 * Twice: with node:http (a keep-alive agent) and with fetch, whose own cost per call (undici, about a millisecond here)
 * is larger than the server's.
 */
async function scriptOfQuotes(url: string, cookie: string): Promise<void> {
  const body = cases.find((c) => c.path === '/api/quote')!.body!;
  const headers = { cookie, 'content-type': 'application/json' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(url);
  const viaHttp = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: hostname, port, path: '/api/quote', method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const viaFetch = async () => {
    const res = await fetch(`${url}/api/quote`, { method: 'POST', body, headers });
    await res.arrayBuffer();
    return res.status;
  };
  console.log('');
  for (const [client, send] of [
    ['node:http', viaHttp],
    ['fetch', viaFetch],
  ] as const) {
    const run = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const status = await send();
        if (status !== 200) throw new Error(`a scripted quote was answered ${status}`);
      }
    };
    await run(100);
    const started = performance.now();
    await run(SCRIPT_QUOTES);
    const seconds = (performance.now() - started) / 1000;
    console.log(`a script pricing ${fmt(SCRIPT_QUOTES)} typical quotes one after another (one connection, ${client}): ${seconds.toFixed(2)} s`);
  }
  agent.destroy();
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (n: number) => Math.round(n).toLocaleString('en');
/** The server's CPU time per request, in microseconds. */
const cpuMicros = (s: Sample) => ((s.serverCpu ?? 0) / s.rps) * 1e6;
const pct = (n: number) => `${Math.round(n * 100)} %`;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-bench-http-'));
  const children: ChildProcess[] = [];
  const stopAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stopAll);
  try {
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (1/5/15 min)`,
    );
    // A: the real server.
    const clientDir = path.join(dir, 'client');
    fs.mkdirSync(clientDir);
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>bench</title>');
    const portA = await freePort();
    const urlA = `http://127.0.0.1:${portA}`;
    const real = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: serverEnv({ port: portA, appUrl: urlA, dir }, { NODE_ENV: 'production', CLIENT_DIR: clientDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }),
    });
    children.push(real);
    await waitFor(`${urlA}/api/health`, real, 'the real server');

    const login = await fetch(`${urlA}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@example.com', password: 'Demo12345' }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

    // Record A's answers; B will send the same bytes.
    const recorded: Recorded[] = [];
    for (const c of cases) {
      const res = await fetch(urlA + c.path, {
        method: c.method,
        body: c.body,
        headers: { cookie, ...(c.body ? { 'content-type': 'application/json' } : {}) },
      });
      const body = await res.text();
      if (res.status >= 300) throw new Error(`${c.name}: ${res.status} ${body}`);
      const headers = Object.fromEntries([...res.headers].filter(([name]) => !NODE_HEADERS.has(name)));
      recorded.push({
        method: c.method,
        path: c.path,
        status: res.status,
        contentType: res.headers.get('content-type') ?? 'application/json',
        headers,
        body,
      });
    }
    const file = path.join(dir, 'responses.json');
    fs.writeFileSync(file, JSON.stringify(recorded));

    // B: the bare server.
    const portB = await freePort();
    const urlB = `http://127.0.0.1:${portB}`;
    const bare = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--bare', String(portB), file], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(bare);
    await waitFor(`${urlB}${cases[1]!.path}`, bare, 'the bare server');

    const floorUrl = (c: Case) => (c.floor === 'T' ? `${urlB}${c.path.replace('/trpc/', '/bare-trpc/')}` : urlB + c.path);
    console.log(
      `A = real server (${urlA}), B = bare Hono answering the same bytes, T = bare tRPC router answering the same data ` +
        `(${urlB}); ${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections\n`,
    );

    // Warm both (JIT, caches) before measuring.
    for (const c of cases) {
      await measure(urlA + c.path, c, cookie, real.pid, 1);
      await measure(floorUrl(c), c, cookie, bare.pid, 1);
    }

    const samples = new Map<string, { A: Sample[]; floor: Sample[] }>(cases.map((c) => [c.name, { A: [], floor: [] }]));
    const line = (s: Sample) =>
      `${fmt(s.rps).padStart(7)} req/s  ${s.serverCpu === null ? '   ?' : fmt(cpuMicros(s)).padStart(4)} µs CPU/req  p99 ${String(s.p99).padStart(3)} ms  ` +
      `generator ${pct(s.generatorCpu)}${s.steal === null ? '' : `  steal ${(s.steal * 100).toFixed(1)} %`}${s.errors ? `  ERRORS ${s.errors}` : ''}`;
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        const order = round % 2 === 0 ? (['A', 'floor'] as const) : (['floor', 'A'] as const);
        for (const which of order) {
          const s =
            which === 'A' ? await measure(urlA + c.path, c, cookie, real.pid, SECONDS) : await measure(floorUrl(c), c, cookie, bare.pid, SECONDS);
          samples.get(c.name)![which].push(s);
          console.log(`round ${round + 1}  ${which === 'A' ? 'A' : c.floor}  ${c.name.padEnd(38)} ${line(s)}`);
        }
      }
    }

    console.log('\nmedians                                real (A)       µs/req   floor           µs/req   ratio   target');
    let allMet = true;
    for (const c of cases) {
      const { A, floor } = samples.get(c.name)!;
      const rpsA = median(A.map((s) => s.rps));
      const rpsF = median(floor.map((s) => s.rps));
      const ratio = rpsA / rpsF;
      const met = c.target === undefined || ratio >= c.target;
      allMet &&= met;
      const cpu = (xs: Sample[]) => (xs.some((s) => s.serverCpu === null) ? '?' : fmt(median(xs.map(cpuMicros))));
      const target = c.target === undefined ? 'for information' : `>= ${c.target} of ${c.floor}: ${met ? 'met' : 'NOT MET'}`;
      console.log(
        `${c.name.padEnd(38)} ${fmt(rpsA).padStart(7)}/s  ${cpu(A).padStart(6)}   ${c.floor} ${fmt(rpsF).padStart(7)}/s  ${cpu(floor).padStart(6)}   ` +
          `${ratio.toFixed(2).padStart(5)}   ${target}`,
      );
      const genA = median(A.map((s) => s.generatorCpu));
      const genF = median(floor.map((s) => s.generatorCpu));
      if (genF >= GENERATOR_LIMIT || genA >= GENERATOR_LIMIT) {
        console.log(
          `  ↳ the load generator was the limit (autocannon used ${pct(genA)} of a core against A, ${pct(genF)} against the floor): compare the µs/req.`,
        );
      }
      if (ratio > 1) {
        console.log(
          '  ↳ above the floor: the server answers the signed-in requests of one event-loop turn together, the floor each one as it is read (README "Speed figures").',
        );
      }
      const steals = A.flatMap((s) => (s.steal === null ? [] : [s.steal]));
      if (!met && steals.length && median(steals) >= STEAL_NOTICE) {
        console.log(
          `  ↳ the hypervisor gave ${(median(steals) * 100).toFixed(1)} % of this machine's CPU time to other guests during A's runs (median).`,
        );
      }
      const errors = [...A, ...floor].reduce((n, s) => n + s.errors, 0);
      if (errors) console.log(`  ↳ ${errors} errors or non-2xx answers during the runs`);
    }
    await scriptOfQuotes(urlA, cookie);
    console.log(
      `\nload average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(allMet ? 'all targets met' : 'some targets NOT met (see above; on a loaded machine, run again)');
    process.exitCode = allMet ? 0 : 1;
  } finally {
    stopAll();
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--bare') await runBare(Number(process.argv[3]), process.argv[4]!);
else await main();
