/**
 * npm run measure:start — how long `npm start` takes to answer its first GET /api/health when the build is current,
 * and what the server's transpilation costs. Prints medians of START_RUNS (default 5) runs on a temp database (seeded
 * by a warm-up run first, as on any restart). A run during which a concurrent edit forced a rebuild is discarded.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, clientInputs, ensureBuilt, hashInputs, ROOT, serverInputs } from './build.mjs';
import { freePort, waitForServer } from './server-kit';

const RUNS = Number(process.env.START_RUNS ?? 5);
const TARGET_READY_MS = 2000;
const TARGET_TRANSPILE_MS = 1000;

/**
 * CPU seconds (user + system, in ms) spent so far by every process of a process group — npm, its shell and node —
 * including their finished children. On a busy machine the wall time of a start says more about the neighbours than
 * about the start; its CPU time is what the start costs, and about its wall time on an idle core.
 */
function groupCpuMs(pgid: number): number {
  const tick = 10; // USER_HZ = 100 on Linux
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields after the name: state(0) ppid(1) pgrp(2) ... utime(11) stime(12) cutime(13) cstime(14)
      if (Number(f[2]) !== pgid) continue;
      total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * tick;
    } catch {
      /* gone */
    }
  }
  return total;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Spawns `command`, polls /api/health every 5 ms; returns ms to the first 200 and the process output. */
async function timeToReady(command: string[], dir: string): Promise<{ ms: number; cpuMs: number; output: string }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    detached: true, // its own process group: npm, sh and node all receive the stop signal
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: path.join(dir, 'app.db'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      CLIENT_DIR: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let ms = Number.NaN;
  let cpuMs = Number.NaN;
  try {
    const up = await waitForServer(`http://127.0.0.1:${port}/api/health`, { child, timeoutMs: 120_000, intervalMs: 5 });
    if (up === 'exited') throw new Error(`exited early:\n${output}`);
    if (up === 'ready') {
      ms = performance.now() - started;
      cpuMs = groupCpuMs(child.pid!);
    }
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* gone */
    }
    await exited;
  }
  return { ms, cpuMs, output };
}

const rebuilt = (output: string) => /Building the client|Server compiled/.test(output);

async function measure(label: string, command: string[], dir: string): Promise<{ wall: number[]; cpu: number[] }> {
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let attempt = 0; samples.length < RUNS && attempt < RUNS * 4; attempt++) {
    await ensureBuilt({ log: () => {} }); // current build, as after any earlier npm start
    const { ms, cpuMs, output } = await timeToReady(command, dir);
    if (rebuilt(output)) continue; // someone edited the sources between the two: not a current-build start
    samples.push(ms);
    cpu.push(cpuMs);
  }
  console.log(
    `${label.padEnd(52)} wall median ${median(samples).toFixed(0).padStart(5)} ms (runs: ${samples.map((s) => s.toFixed(0)).join(', ')}); CPU median ${median(cpu).toFixed(0).padStart(5)} ms`,
  );
  return { wall: samples, cpu };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-measure-start-'));
try {
  console.log(
    `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  await ensureBuilt();
  await timeToReady(['node', 'scripts/start.mjs'], dir); // warm-up: migrates and seeds the temp database

  console.log(`\nstart to ready (first GET /api/health answered), build current, ${RUNS} runs each:`);
  const npmStart = await measure('npm start', ['npm', 'start', '--silent'], dir);
  await measure('node scripts/start.mjs (without npm)', ['node', 'scripts/start.mjs'], dir);
  await measure('for comparison: node --import tsx src/server/main.ts', ['node', '--import', 'tsx', 'src/server/main.ts'], dir);

  console.log('\ntranspilation (only when server sources changed since the last build):');
  const out = path.join(dir, 'server-build');
  const bundles: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await buildServer(out);
    bundles.push(performance.now() - t0);
  }
  const hashes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    hashInputs(clientInputs());
    hashInputs(serverInputs());
    hashes.push(performance.now() - t0);
  }
  const bundle = median(bundles);
  console.log(
    `${'esbuild bundle of the server (dist/server/main.js)'.padEnd(52)} median ${bundle.toFixed(0).padStart(5)} ms   (runs: ${bundles.map((s) => s.toFixed(0)).join(', ')})`,
  );
  console.log(`${'staleness check at every start (hash of sources)'.padEnd(52)} median ${median(hashes).toFixed(1).padStart(5)} ms`);

  const ready = median(npmStart.wall);
  const readyCpu = median(npmStart.cpu);
  const ok = ready < TARGET_READY_MS && bundle < TARGET_TRANSPILE_MS;
  console.log(
    `\n${ok ? 'PASS' : 'FAIL'}: npm start → ready ${ready.toFixed(0)} ms wall, ${readyCpu.toFixed(0)} ms CPU (target < ${TARGET_READY_MS}); transpilation ${bundle.toFixed(0)} ms (target < ${TARGET_TRANSPILE_MS})`,
  );
  if (!ok && readyCpu < TARGET_READY_MS && os.loadavg()[0]! > os.cpus().length) {
    console.log(
      `(the machine is busy: load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; the CPU figure is what the start costs)`,
    );
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
