/**
 * npm run measure:audit-export — how long a large audit export holds other requests. Not a test: it prints figures.
 *
 * Starts the real server (`node scripts/start.mjs`, as `npm start` does) on a temp database on loopback, adds
 * AUDIT_ROWS (default 200,000) audit entries through a second connection (a mix of small quote events and catalogue
 * changes with before/after objects, as a busy year leaves), signs the admin in, then downloads
 * GET /api/admin/audit.csv while a probe client (its own keep-alive connection) calls GET /api/health back to back.
 * Prints the export's time and size and the probe's latencies during it (target: worst < 200 ms), then the same probe
 * with no export running, for comparison. ROUNDS (default 3) exports are measured one after another.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { healthProbe, startServer } from './load-kit';
import { freePort } from './server-kit';

const AUDIT_ROWS = Number(process.env.AUDIT_ROWS ?? 200_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TARGET_MS = 200;

/** One keep-alive connection; answers status and body text. */
function client(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let cookie = '';
  const request = (method: string, url: string, body?: unknown): Promise<{ status: number; text: string; bytes: number }> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = {};
      if (payload !== undefined) headers['content-type'] = 'application/json';
      if (cookie) headers.cookie = cookie;
      const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
          // the export is counted, not kept
          if (!url.includes('.csv')) chunks.push(d);
        });
        res.on('end', () => {
          const session = (res.headers['set-cookie'] ?? []).find((l) => l.startsWith('session='));
          if (session) cookie = session.split(';')[0]!;
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), bytes });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

function figures(times: number[]): string {
  const s = [...times].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? Number.NaN;
  return `n=${String(s.length).padStart(6)}  p50 ${at(0.5).toFixed(1).padStart(5)} ms  p99 ${at(0.99).toFixed(1).padStart(6)} ms  worst ${(s.at(-1) ?? Number.NaN).toFixed(1).padStart(6)} ms`;
}

/** AUDIT_ROWS entries, written in one transaction through a connection of this script (the server's stays open). */
function seedEntries(file: string): void {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const insert = db.prepare('INSERT INTO audit_log (at, user_id, actor, entity, entity_id, action, before, after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const start = Date.now() - AUDIT_ROWS * 60_000;
  const pkg = (price: string) =>
    JSON.stringify({
      id: 2,
      name: 'Advanced',
      description: 'For growing teams',
      basePrice: price,
      setupFee: '250.00',
      features: ['Reports', 'Single sign-on', 'Priority support'],
      tiers: [
        { min: 0, max: 500, price: '1.20' },
        { min: 501, max: null, price: '0.95' },
      ],
    });
  db.transaction(() => {
    for (let i = 0; i < AUDIT_ROWS; i++) {
      const at = start + i * 60_000;
      if (i % 10 === 0) insert.run(at, 1, 'Ada Admin', 'package', 2, 'update', pkg(`${49 + (i % 7)}.00`), pkg(`${50 + (i % 7)}.00`));
      else
        insert.run(
          at,
          2,
          'Demo User',
          'quote',
          1 + (i % 500),
          'status_changed',
          JSON.stringify({ status: 'draft' }),
          JSON.stringify({ status: 'sent' }),
        );
    }
  })();
  db.close();
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-audit-export-'));
  const port = await freePort();
  console.log(`measure:audit-export — server on 127.0.0.1:${port}, temp database in ${dir}`);
  const server = await startServer(dir, port);
  try {
    const seeding = performance.now();
    seedEntries(path.join(dir, 'app.db'));
    console.log(`  ${AUDIT_ROWS.toLocaleString('en')} audit entries added in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const admin = client(port);
    const login = await admin.request('POST', '/api/login', { username: 'admin@example.com', password: 'Admin1234' });
    if (login.status !== 200) throw new Error(`admin login: ${login.status} ${login.text}`);

    const idle = healthProbe(port);
    await new Promise((r) => setTimeout(r, 2000));
    console.log(`  probe, nothing else running:      ${figures(await idle.stop())}`);

    let worst = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const p = healthProbe(port);
      const started = performance.now();
      const res = await admin.request('GET', '/api/admin/audit.csv');
      const exportMs = performance.now() - started;
      const times = await p.stop();
      if (res.status !== 200) throw new Error(`export answered ${res.status}`);
      worst = Math.max(worst, ...times);
      console.log(
        `  export ${round}: ${(res.bytes / 1024 / 1024).toFixed(1)} MiB in ${(exportMs / 1000).toFixed(2)} s; probe meanwhile: ${figures(times)}`,
      );
    }
    admin.close();
    console.log(
      `  worst wait of another request during an export: ${worst.toFixed(1)} ms (target < ${TARGET_MS} ms): ${worst < TARGET_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
