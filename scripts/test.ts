// npm test: unit and integration tests, the browser tests, then the type check; ends with the plain line
// "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTests: number;
  success: boolean;
}

const suites = [
  { name: 'unit + integration', args: ['run'] },
  { name: 'browser (Playwright + Chromium)', args: ['run', '--config', 'vitest.e2e.config.ts'] },
];

// Before any test: the browser tests need Chromium, the PDF tests need pdftotext (poppler-utils). On a fresh Debian
// machine, as root, npm test installs them itself; otherwise it stops here with the one command to run.
function onPath(bin: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && isExecutable(path.join(dir, bin)));
}
function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
function missingTools(): { what: string; pkg: string }[] {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const missing: { what: string; pkg: string }[] = [];
  if (!isExecutable(chromium)) missing.push({ what: chromium, pkg: 'chromium' });
  if (!onPath('pdftotext')) missing.push({ what: 'pdftotext', pkg: 'poppler-utils' });
  return missing;
}
function stopBeforeTests(line: string): never {
  console.log(line);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
let missing = missingTools();
if (missing.length > 0) {
  const pkgs = missing.map((m) => m.pkg);
  const names = missing.map((m) => m.what).join(' and ');
  const canInstall = process.getuid?.() === 0 && onPath('apt-get') && !process.env.CHROMIUM_PATH;
  if (canInstall) {
    console.log(`npm test: ${names} missing; installing Debian's ${pkgs.join(' ')} (apt-get update && apt-get install -y ${pkgs.join(' ')}) ...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', ...pkgs]]) {
      console.log(`$ apt-get ${args.join(' ')}`);
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (r.status !== 0) stopBeforeTests(`npm test: \`apt-get ${args.join(' ')}\` failed (exit ${r.status}); install ${pkgs.join(' ')} and run npm test again.`);
    }
    missing = missingTools();
    if (missing.length > 0) stopBeforeTests(`npm test: still missing ${missing.map((m) => m.what).join(' and ')} after apt-get install.`);
  } else {
    const hint = process.env.CHROMIUM_PATH && missing.some((m) => m.pkg === 'chromium') ? ` (or point CHROMIUM_PATH at an existing Chromium)` : '';
    stopBeforeTests(`npm test: ${names} missing — run \`sudo apt-get install -y ${pkgs.join(' ')}\`${hint}, then npm test again.`);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
let allOk = true;
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-test-report-'));
const vitest = path.resolve('node_modules/vitest/vitest.mjs');

// The type check runs beside the browser tests, which mostly wait on the page: its output is held and printed after.
let typecheck: Promise<{ status: number | null; output: string }> | undefined;
function startTypecheck(): void {
  const child = spawn(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  typecheck = new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

for (const [i, suite] of suites.entries()) {
  if (i === suites.length - 1) startTypecheck();
  const report = path.join(outDir, `report-${i}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const result = spawnSync(
    process.execPath,
    [vitest, ...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      // pictures of the screens are `npm run screenshots`' job (tests/e2e/harness.ts TAKE_SCREENSHOTS)
      env: { ...process.env, SCREENSHOTS: process.env.SCREENSHOTS ?? '0', FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1') },
    },
  );
  if (!fs.existsSync(report)) {
    console.error(`${suite.name}: no report (vitest exited with ${result.status}).`);
    failed += 1;
    allOk = false;
    continue;
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as VitestJson;
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests;
  if (result.status !== 0 || !json.success || json.numTotalTests === 0) allOk = false;
}
fs.rmSync(outDir, { recursive: true, force: true });

// The type check counts as one more test: a type error fails the run like a failing assertion.
console.log('\n=== typecheck (tsc --noEmit) ===');
const tsc = await typecheck!;
process.stdout.write(tsc.output);
if (tsc.status === 0) {
  console.log('no type errors');
  passed += 1;
} else {
  failed += 1;
  allOk = false;
}
if (!allOk && failed === 0) failed = 1; // a suite that crashed outside a test still fails the run
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk && failed === 0 ? 0 : 1);
