/**
 * npm run measure:import — how long a large catalogue import takes and how long it holds other requests. Not a test:
 * it prints figures.
 *
 * Starts the real server (`node scripts/start.mjs`, as `npm start` does) on a fresh temp database on loopback, signs
 * the admin in and builds a catalogue file of just under 1 MiB (1,000 packages, 1,000 categories, 5,000 add-ons,
 * 1,000 discounts). Through PUT /api/admin/catalogue it then runs: a dry run of that file, its import, a dry run of
 * the same file again (nothing to change), and a dry run and an import of a second file that changes every price.
 * Meanwhile a probe client (its own keep-alive connection) calls GET /api/health back to back. Prints each call's
 * time and the probe's longest wait during it (targets: an import's check and apply under 1 s, no wait over 200 ms),
 * after the probe's longest wait with nothing else running, the machine's own noise (other work on its cores).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, healthProbe, startServer } from './load-kit';
import { freePort } from './server-kit';

const TARGET_IMPORT_MS = 1000;
const TARGET_WAIT_MS = 200;
const LIMIT_BYTES = 1024 * 1024;

/** Short names (P0001, A0001 …) leave room in 1 MiB for the counts a large catalogue has. */
const pad = (n: number) => String(n).padStart(4, '0');

/**
 * The catalogue file: packages with tiers of both kinds (and the two standard features, the default when a file leaves
 * them out), add-ons in categories for one package each, a discount on each package.
 */
function buildFile(priceStep: number) {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const packages = Array.from({ length: 1000 }, (_, i) => ({
    name: `P${pad(i)}`,
    description: '',
    basePrice: money(10_000 + i * 100 + priceStep),
    setupFee: money(5000),
    extraLocationPrice: money(1000),
    priceTiers: [
      { minSqm: 0, maxSqm: 499, pricePerSqm: money(200 + priceStep) },
      { minSqm: 500, maxSqm: null, pricePerSqm: money(150 + priceStep) },
    ],
    userPriceTiers: [{ minUsers: 0, maxUsers: null, pricePerUser: money(900 + priceStep) }],
  }));
  const categories = Array.from({ length: 1000 }, (_, i) => ({ name: `C${pad(i)}`, icon: 'gear', allowsMultipleSelection: i % 2 === 0 }));
  const addOns = Array.from({ length: 5000 }, (_, i) => ({
    name: `A${pad(i)}`,
    category: `C${pad(i % 1000)}`,
    setupFee: money(1000),
    monthlyFee: money(500 + priceStep),
    availableForPackages: [`P${pad(i % 1000)}`],
  }));
  const discounts = Array.from({ length: 1000 }, (_, i) => ({
    name: `D${pad(i)}`,
    description: '',
    type: 'percentage',
    value: money(500 + priceStep),
    conditions: [{ type: 'package', operator: '=', value: `P${pad(i)}` }],
  }));
  const file = { version: 1, packages, categories, addOns, discounts };
  // Filled up to just under the body limit with package descriptions, as a real catalogue's texts would.
  const room = LIMIT_BYTES - 4096 - Buffer.byteLength(JSON.stringify(file));
  const each = Math.max(0, Math.floor(room / packages.length));
  for (const p of packages) p.description = 'x'.repeat(each);
  return file;
}

/** The health probe's longest wait and how many calls it made. */
function probe(port: number) {
  const p = healthProbe(port);
  return {
    async stop() {
      const times = await p.stop();
      return { worst: Math.max(0, ...times), calls: times.length };
    },
  };
}

type Changes = { created: string[]; updated: string[]; deleted: string[] };
const counted = (c: Changes) => `${c.created.length} created, ${c.updated.length} updated, ${c.deleted.length} deleted`;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-measure-import-'));
  const port = await freePort();
  console.log(`measure:import — server on 127.0.0.1:${port}, fresh database in ${dir}`);
  const server = await startServer(dir, port);
  const verdicts: boolean[] = [];
  try {
    const admin = new Client(port);
    const login = await admin.request('POST', '/api/login', { username: 'admin@example.com', password: 'Admin1234' });
    if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
    const first = buildFile(0);
    const second = buildFile(1);
    console.log(
      `  file: ${(Buffer.byteLength(JSON.stringify(first)) / 1024).toFixed(0)} KiB; 1,000 packages, 1,000 categories, 5,000 add-ons, 1,000 discounts`,
    );

    const run = async (label: string, file: unknown, dryRun: boolean) => {
      const p = probe(port);
      await new Promise((r) => setTimeout(r, 50));
      const started = performance.now();
      const res = await admin.request('PUT', `/api/admin/catalogue?dryRun=${dryRun}`, file);
      const ms = performance.now() - started;
      const { worst, calls } = await p.stop();
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      const b = res.body as Record<'packages' | 'categories' | 'addOns' | 'discounts', Changes>;
      const ok = ms < TARGET_IMPORT_MS && worst < TARGET_WAIT_MS;
      verdicts.push(ok);
      console.log(
        `  ${label.padEnd(30)} ${ms.toFixed(0).padStart(6)} ms   longest /api/health wait ${worst.toFixed(0).padStart(5)} ms (${calls} calls)   ` +
          `add-ons ${counted(b.addOns)}`,
      );
    };
    // the machine's own noise: the same probe with nothing else running
    const idle = probe(port);
    await new Promise((r) => setTimeout(r, 2000));
    const quiet = await idle.stop();
    console.log(
      `  ${'nothing else running'.padEnd(30)} ${''.padStart(6)}      longest /api/health wait ${quiet.worst.toFixed(0).padStart(5)} ms (${quiet.calls} calls)`,
    );
    await run('dry run (fresh database)', first, true);
    await run('import (fresh database)', first, false);
    await run('dry run (nothing to change)', first, true);
    await run('dry run (every price changed)', second, true);
    await run('import (every price changed)', second, false);
    admin.close();
    console.log(
      `  targets: each call under ${TARGET_IMPORT_MS} ms, no wait of another request over ${TARGET_WAIT_MS} ms: ${verdicts.every(Boolean) ? 'met' : 'NOT met'}`,
    );
  } catch (error) {
    console.error(`server log:\n${fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-3000)}`);
    throw error;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
