// npm test: unit and integration tests, then the browser tests, with the type check, the lint and knip beside them; ends
// with the plain line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FULL_CHROMIUM, HEADLESS_SHELL, isExecutable, testBrowserPath } from '../tests/support/browser';
import { postgresBinDir } from '../tests/support/postgres-cluster';
import { ensureBuilt } from './build.mjs';

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTests: number;
  success: boolean;
}

const suites = [
  { name: 'unit + integration', args: ['run'], niceness: 0 },
  // A lower priority: the browser tests mostly wait (on a page, a server, the next frame) and a step may take 20 s,
  // while the component tests beside them render in jsdom on the CPU against tighter waits.
  { name: 'browser (Playwright + Chromium)', args: ['run', '--config', 'vitest.e2e.config.ts'], niceness: 3 },
];

// Before any test: the browser tests need Chromium (tests/support/browser.ts: Debian's chromium-headless-shell, or its
// full chromium), the PDF tests need pdftotext (poppler-utils), the PostgreSQL tests Debian's server (postgresql; each
// run makes a private cluster of its own, tests/support/postgres-cluster.ts). On a fresh Debian machine, as root,
// npm test installs them itself; otherwise it stops here with the one command to run. Where only the full chromium is installed, the
// headless shell is installed beside it when npm test may, and the run goes on with chromium when it may not.
function onPath(bin: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && isExecutable(path.join(dir, bin)));
}
interface Missing {
  what: string;
  pkg: string;
  /** The tests run without it (a slower browser is there). */
  optional?: boolean;
}
function missingTools(): Missing[] {
  const browser = testBrowserPath();
  const missing: Missing[] = [];
  if (!isExecutable(browser)) missing.push({ what: browser, pkg: 'chromium-headless-shell' });
  else if (browser === FULL_CHROMIUM && !process.env.CHROMIUM_PATH)
    missing.push({ what: HEADLESS_SHELL, pkg: 'chromium-headless-shell', optional: true });
  if (!onPath('pdftotext')) missing.push({ what: 'pdftotext', pkg: 'poppler-utils' });
  if (postgresBinDir() === null) missing.push({ what: 'PostgreSQL', pkg: 'postgresql' });
  return missing;
}
function stopBeforeTests(line: string): never {
  console.log(line);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
/** apt-get update, then apt-get install -y `pkgs`; false when either fails. */
function aptInstall(pkgs: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...pkgs]]) {
    console.log(`$ apt-get ${args.join(' ')}`);
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.log(`npm test: \`apt-get ${args.join(' ')}\` failed (exit ${r.status}).`);
      return false;
    }
  }
  return true;
}
let missing = missingTools();
const canInstall = process.getuid?.() === 0 && onPath('apt-get') && !process.env.CHROMIUM_PATH;
if (missing.length > 0 && canInstall) {
  const pkgs = missing.map((m) => m.pkg);
  console.log(`npm test: ${missing.map((m) => m.what).join(' and ')} missing; installing Debian's ${pkgs.join(' ')} ...`);
  if (!aptInstall(pkgs) && missing.some((m) => !m.optional)) stopBeforeTests(`npm test: install ${pkgs.join(' ')} and run npm test again.`);
}
missing = missingTools();
if (missing.some((m) => !m.optional)) {
  const required = missing.filter((m) => !m.optional);
  const names = required.map((m) => m.what).join(' and ');
  const hint =
    process.env.CHROMIUM_PATH && required.some((m) => m.pkg === 'chromium-headless-shell') ? ` (or point CHROMIUM_PATH at an existing Chromium)` : '';
  stopBeforeTests(
    `npm test: ${names} missing — run \`sudo apt-get install -y ${required.map((m) => m.pkg).join(' ')}\`${hint}, then npm test again.`,
  );
}
if (missing.length > 0)
  console.log(
    `npm test: the browser tests use ${FULL_CHROMIUM}; with Debian's chromium-headless-shell installed they need about a quarter less CPU.`,
  );

let passed = 0;
let failed = 0;
let skipped = 0;
let allOk = true;
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-test-report-'));
const vitest = path.resolve('node_modules/vitest/vitest.mjs');

/** What `npm run lint` checks (package.json says the same). */
const LINT_PATHS = ['src', 'tests', 'scripts', 'db', '*.ts', 'eslint.config.js'];
/** The type check's compiler (package.json `typecheck` says the same; docs/DECISIONS.md "Operations"). */
const TSC = 'node_modules/typescript-7/bin/tsc';
const TSC_BUILD_INFO = path.resolve('node_modules/.cache/quote-configurator/tsc7.tsbuildinfo');

const LINT_CACHE = path.resolve('node_modules/.cache/quote-configurator/eslintcache');

interface Check {
  status: number | null;
  output: string;
}
/**
 * Lowers a child's CPU priority (and so its children's): what runs at a lower one takes the cores only while the
 * rest of the run leaves them idle.
 */
function yieldTo(pid: number | undefined, niceness: number): void {
  if (pid !== undefined) os.setPriority(pid, niceness);
}
/** The checks: no test waits on them, so they run in what the tests leave idle. */
const CHECK_NICENESS = 10;

/** Runs a node script with its output held (printed after the browser tests). */
function runHeld(script: string, args: string[]): Promise<Check> {
  const child = spawn(process.execPath, [path.resolve(script), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  yieldTo(child.pid, CHECK_NICENESS);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

// The type check, the lint, knip and the format check start with the tests and run beside them, at a lower priority:
// they fill the moments the test workers wait (on a page, a server, a timer), so the run as a whole keeps both cores
// busy and the tests never wait on them.
let typecheck: Promise<Check> | undefined;
let lint: Promise<Check> | undefined;
let knip: Promise<Check> | undefined;
let format: Promise<Check> | undefined;
function startChecks(): void {
  // TypeScript 7's native compiler, on one thread: the tests already keep both cores busy. Incremental: a run
  // after a small change re-checks what the change reaches, not the whole project.
  typecheck = runHeld(TSC, ['--noEmit', '-p', '.', '--singleThreaded', '--incremental', '--tsBuildInfoFile', TSC_BUILD_INFO]);
  lint = runHeld('node_modules/eslint/bin/eslint.js', ['--cache', '--cache-location', LINT_CACHE, ...LINT_PATHS]);
  knip = runHeld('node_modules/knip/bin/knip.js', ['--no-progress']);
  format = runHeld('node_modules/prettier/bin/prettier.cjs', ['--check', '--cache', '--log-level', 'warn', ...LINT_PATHS]);
}

interface SuiteRun {
  status: number | null;
  report: string;
}
/**
 * Runs one suite. `held`: its output waits in memory until `release()` is called, then follows live, so two suites
 * running at once print one after the other.
 */
function runSuite(args: string[], niceness: number, report: string, held: boolean): { done: Promise<SuiteRun>; release: () => void } {
  const child = spawn(
    process.execPath,
    [vitest, ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
    {
      stdio: ['ignore', held ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit'],
      // pictures of the screens are `npm run screenshots`' job (tests/e2e/harness.ts TAKE_SCREENSHOTS)
      env: { ...process.env, SCREENSHOTS: process.env.SCREENSHOTS ?? '0', FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1') },
    },
  );
  yieldTo(child.pid, niceness);
  let pending: Buffer[] | null = held ? [] : null;
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const)
    from?.on('data', (d: Buffer) => (pending ? pending.push(d) : to.write(d)));
  const release = () => {
    if (pending) process.stdout.write(Buffer.concat(pending));
    pending = null;
  };
  return { done: new Promise((resolve) => child.on('close', (status) => resolve({ status, report }))), release };
}

startChecks();
// Both suites at once: the browser tests mostly wait (on a page, a server, the next frame) while the unit tests keep
// the cores busy, so side by side they take little longer than the browser tests alone. The server bundle both use is
// built here first, once, so their global setups find it current instead of writing it at the same moment.
await ensureBuilt({ client: false, log: () => undefined });
console.log(`\n=== ${suites[0]!.name} ===`);
const runs = suites.map((suite, i) => ({ suite, ...runSuite(suite.args, suite.niceness, path.join(outDir, `report-${i}.json`), i > 0) }));
for (const [i, run] of runs.entries()) {
  if (i > 0) console.log(`\n=== ${run.suite.name} ===`);
  run.release();
  const result = await run.done;
  if (!fs.existsSync(result.report)) {
    console.error(`${run.suite.name}: no report (vitest exited with ${result.status}).`);
    failed += 1;
    allOk = false;
    continue;
  }
  const json = JSON.parse(fs.readFileSync(result.report, 'utf8')) as VitestJson;
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests;
  if (result.status !== 0 || !json.success || json.numTotalTests === 0) allOk = false;
}
fs.rmSync(outDir, { recursive: true, force: true });

// The type check, the lint, knip and the format check count as one more test each: an error fails the run like a failing assertion.
for (const [title, check, clean] of [
  ['typecheck (tsc --noEmit)', typecheck!, 'no type errors'],
  ['lint (eslint)', lint!, 'no lint errors'],
  ['dead code (knip)', knip!, 'no unused files, exports or dependencies'],
  ['format (prettier --check)', format!, 'every file formatted'],
] as const) {
  console.log(`\n=== ${title} ===`);
  const done = await check;
  process.stdout.write(done.output);
  if (done.status === 0) {
    console.log(clean);
    passed += 1;
  } else {
    failed += 1;
    allOk = false;
  }
}
if (!allOk && failed === 0) failed = 1; // a suite that crashed outside a test still fails the run
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk && failed === 0 ? 0 : 1);
