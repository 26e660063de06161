// npm run release:smoke — builds the release (npm run release), copies the executable into an empty folder and runs it
// there with an empty environment (no PATH, so no Node.js, no npm, no compiler; no checkout), on loopback only. It
// checks --version and --help, serving (health, the app's page, the API reference, a sign-in, a save, the saved quote's PDF), a restart
// that keeps the save, private files, a tampered runtime unpacked afresh, `backup <file>`, `migrate`, a clear message for a backup that cannot be made, upgrades of the
// databases earlier versions wrote (tests/fixtures), and a failing migration (one line, the database as it was).
// Prints each check and the start times; exits 1 when one fails.
//
// SMOKE_RELEASE=<file> checks that executable instead of building one.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ROOT } from './build.mjs';
import { buildRelease } from './release';
import { freePort, waitForServer } from './server-kit';

const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const file = process.env.SMOKE_RELEASE ? path.resolve(process.env.SMOKE_RELEASE) : await buildRelease();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-release-smoke-'));
const exe = path.join(dir, 'quote-configurator');
fs.copyFileSync(file, exe);
fs.chmodSync(exe, 0o755);

let failures = 0;
function check(what: string, ok: boolean, detail = ''): boolean {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures += 1;
  return ok;
}

/** The executable's environment: nothing of this machine's, not even PATH. */
function envWith(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: '', ...extra };
}

function runOnce(args: string[], extra: Record<string, string> = {}, cwd = dir): { status: number | null; out: string } {
  const r = spawnSync(exe, args, { cwd, env: envWith(extra), encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  startMs: number;
}
async function serve(extra: Record<string, string> = {}): Promise<Running | null> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(exe, [], { cwd: dir, env: envWith({ PORT: String(port), ...extra }), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const state = await waitForServer(`${base}/api/health`, { child, timeoutMs: 60_000, intervalMs: 50 });
  const startMs = performance.now() - t0;
  if (
    !check(
      `serves GET /api/health on ${base}`,
      state === 'ready',
      state === 'ready' ? `${Math.round(startMs)} ms after the start` : `${state}\n${output}`,
    )
  )
    return null;
  return { child, base, output: () => output, startMs };
}
async function stop(server: Running): Promise<void> {
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  const code = await exited;
  check('stops on SIGTERM', code === 0, `exit ${code}`);
}

async function call(server: Running, method: string, url: string, body?: unknown, cookie?: string) {
  const res = await fetch(server.base + url, {
    method,
    headers: { origin: server.base, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: any = null;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    /* not JSON */
  }
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes,
    json,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}
async function login(server: Running, username: string, password: string): Promise<string | null> {
  const r = await call(server, 'POST', '/api/login', { username, password });
  return check(`signs in as ${username}`, r.status === 200 && r.cookie !== '', `${r.status}`) ? r.cookie : null;
}

try {
  const size = fs.statSync(exe).size;
  console.log(`release: ${path.relative(ROOT, file)}, ${(size / 2 ** 20).toFixed(1)} MiB; running it in ${dir} with an empty environment`);

  const v = runOnce(['--version']);
  check('--version', v.status === 0 && v.out.startsWith(`quote-configurator ${version} (Node.js v24.`), v.out);
  const h = runOnce(['--help']);
  check('--help names the commands', h.status === 0 && /backup \[file\]/.test(h.out) && /migrate/.test(h.out), h.out.split('\n')[0]);
  const bad = runOnce(['frobnicate']);
  check(
    'an unknown command is refused with a sentence',
    bad.status === 2 && bad.out === 'Unknown command: frobnicate. Run quote-configurator --help for the commands.',
    bad.out,
  );
  const nothing = runOnce(['backup', path.join(dir, 'nothing.db')], { DATABASE_PATH: './nowhere/app.db' });
  check(
    'a backup of a missing database is refused with a sentence, no stack',
    nothing.status === 1 && /^Backup failed: No database at /.test(nothing.out) && !/\n\s+at /.test(nothing.out),
    nothing.out,
  );

  // First start: unpacks next to the data, creates and seeds ./data/app.db.
  let server = await serve();
  if (!server) throw new Error('the server did not start');
  const firstStart = server.startMs;
  const page = await call(server, 'GET', '/');
  check('serves the app', page.status === 200 && page.bytes.toString('utf8').includes('<div id="root">'), `${page.status}`);
  const docs = await call(server, 'GET', '/docs-assets/swagger-ui-bundle.js');
  const spec = await call(server, 'GET', '/api/openapi.json');
  check(
    'serves the API reference (its own scripts) and its description',
    docs.status === 200 && docs.bytes.length > 100_000 && spec.status === 200,
    `${docs.status} ${docs.bytes.length} bytes, ${spec.status}`,
  );
  const admin = await login(server, 'admin@example.com', 'Admin1234');
  let savedId: number | undefined;
  if (admin) {
    const packages = await call(server, 'GET', '/api/packages', undefined, admin);
    const saved = await call(
      server,
      'POST',
      '/api/configurations',
      { name: 'Release smoke – Zürich office', packageId: packages.json?.[0]?.id, squareMeters: 750, locations: 2 },
      admin,
    );
    if (
      check(
        'saves a quote (POST /api/configurations)',
        saved.status === 201 && typeof saved.json?.id === 'number',
        `${saved.status} ${saved.json?.totalMonthly ?? ''}`,
      )
    )
      savedId = saved.json.id;
    const pdf = await call(server, 'GET', `/api/configurations/${savedId}/pdf`, undefined, admin);
    check(
      "renders the quote's PDF (worker thread, embedded fonts)",
      pdf.status === 200 && pdf.type === 'application/pdf' && pdf.bytes.subarray(0, 5).toString() === '%PDF-',
      `${pdf.status}, ${pdf.bytes.length} bytes`,
    );
  }
  await stop(server);
  check('the data is in ./data', fs.existsSync(path.join(dir, 'data/app.db')));

  // A restart: the save is still there; nothing is unpacked again.
  server = await serve();
  if (!server) throw new Error('the server did not start again');
  const secondStart = server.startMs;
  const again = await login(server, 'admin@example.com', 'Admin1234');
  if (again) {
    const read = await call(server, 'GET', `/api/configurations/${savedId}`, undefined, again);
    check('the save survives a restart', read.status === 200 && read.json?.name === 'Release smoke – Zürich office', `${read.status}`);
  }
  await stop(server);

  // Files only for the service: the data folder 0700, the database and the unpacked runtime's files its user's alone.
  const runtimes = fs.readdirSync(path.join(dir, 'data/.runtime'));
  const runtime = path.join(dir, 'data/.runtime', runtimes[0] ?? '');
  const mode = (f: string) => (fs.statSync(f).mode & 0o777).toString(8);
  const mainJs = path.join(runtime, 'dist/server/main.js');
  check(
    'the data folder is 0700, the database 0600, the unpacked runtime 0700 and its main.js 0600',
    [mode(path.join(dir, 'data')), mode(path.join(dir, 'data/app.db')), mode(path.join(dir, 'data/.runtime')), mode(mainJs)].join(' ') ===
      '700 600 700 600',
    [mode(path.join(dir, 'data')), mode(path.join(dir, 'data/app.db')), mode(path.join(dir, 'data/.runtime')), mode(mainJs)].join(' '),
  );
  // The release runs only what it shipped: a line appended to the unpacked main.js does not run at the next start.
  const marker = path.join(dir, 'tampered-ran');
  fs.appendFileSync(mainJs, `\nprocess.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n`);
  server = await serve();
  if (server) {
    check(
      'a changed file of the unpacked runtime never runs: it is unpacked afresh',
      !fs.existsSync(marker) && !fs.readFileSync(mainJs, 'utf8').includes('tampered-ran'),
      server.output().split('\n')[0],
    );
    check('…and the start says so', server.output().includes("are not the release's (changed dist/server/main.js)"), server.output().split('\n')[0]);
    await stop(server);
  }

  const backup = path.join(dir, 'backups/copy.db');
  const b = runOnce(['backup', backup]);
  check('backup <file>', b.status === 0 && fs.existsSync(backup), b.out.split('\n')[0]);
  if (fs.existsSync(backup)) {
    const copy = new Database(backup, { readonly: true });
    const names = copy.prepare('select name from configurations').pluck().all();
    copy.close();
    check('the backup holds the save', names.includes('Release smoke – Zürich office'));
  }
  const m = runOnce(['migrate']);
  check('migrate on a current database', m.status === 0 && m.out.endsWith('is up to date.'), m.out);

  // Upgrades: databases written by earlier versions (tests/fixtures), each in a folder of its own: `migrate` (a copy
  // first), then serving them: every quote there, the accepted one still accepted.
  for (const fixture of ['schema-0006.db', 'schema-0007.db']) {
    const upgrade = path.join(dir, `upgrade-${fixture}`);
    fs.mkdirSync(path.join(upgrade, 'data'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'tests/fixtures', fixture), path.join(upgrade, 'data/app.db'));
    const u = spawnSync(exe, ['migrate'], { cwd: upgrade, env: envWith(), encoding: 'utf8', timeout: 120_000 });
    const copyName = path.join(upgrade, `data/app.db.before-${version}`);
    const said = `${u.stdout}${u.stderr}`.trim();
    const migrated =
      u.status === 0 && (said.endsWith('is up to date.') || (said.includes(`Copied the database to ${copyName}`) && fs.existsSync(copyName)));
    check(`migrate upgrades ${fixture} (an earlier version's), copying it first`, migrated, said.split('\n').join(' | '));
    server = await serve({ DATABASE_PATH: path.join(upgrade, 'data/app.db') });
    if (!server) continue;
    const seller = await login(server, 'seller@example.com', 'Seller1234');
    const admin2 = await login(server, 'admin@example.com', 'Admin1234');
    if (seller && admin2) {
      const list = await call(server, 'GET', '/api/configurations', undefined, seller);
      const own = await call(server, 'GET', '/api/configurations', undefined, admin2);
      const all = (own.json ?? []) as { id: number; status: string }[];
      check(
        `${fixture}: every quote is there (the seller's 3; all 5 for the admin)`,
        list.json?.length === 3 && new Set(all.map((q) => q.id)).size === 5,
        `${list.json?.length}, ${all.length}`,
      );
      if (fixture === 'schema-0007.db') {
        check(
          `${fixture}: the accepted quote is still accepted`,
          all.filter((q) => q.status === 'accepted').length === 1,
          all.map((q) => q.status).join(', '),
        );
      }
    }
    await stop(server);
  }
  // A migration that fails: a table of 0007's name already there (made by hand). The server stops with one line, the
  // database as it was.
  const broken = path.join(dir, 'broken');
  fs.mkdirSync(path.join(broken, 'data'), { recursive: true });
  const brokenDb = path.join(broken, 'data/app.db');
  fs.copyFileSync(path.join(ROOT, 'tests/fixtures/schema-0006.db'), brokenDb);
  const picture = (file: string) => {
    const db = new Database(file, { readonly: true });
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];
    const text = [
      db.prepare('select group_concat(sql, char(10)) from sqlite_master').pluck().get(),
      ...tables.map((t) => `${t} ${db.prepare(`select count(*) from "${t}"`).pluck().get()}`),
    ].join('\n');
    db.close();
    return text;
  };
  const handMade = new Database(brokenDb);
  handMade.exec('CREATE TABLE audit_log (note text)');
  handMade.close();
  const beforeFailure = picture(brokenDb);
  const port = await freePort();
  const f = spawnSync(exe, [], { cwd: broken, env: envWith({ PORT: String(port) }), encoding: 'utf8', timeout: 60_000 });
  const said = `${f.stdout}${f.stderr}`;
  check(
    'a failing migration stops the server with one clear line (exit 78), no stack',
    f.status === 78 &&
      said.includes('Migration 0007_quote_sharing failed: table `audit_log` already exists. Nothing was applied: the database is as it was.') &&
      !/\n\s+at /.test(said),
    `exit ${f.status}: ${said.trim().split('\n').at(-1)?.slice(0, 240)}`,
  );
  check('…and leaves the database as it was', picture(brokenDb) === beforeFailure);

  console.log(
    `start: ${Math.round(firstStart)} ms the first time (unpacking into data/.runtime), ${Math.round(secondStart)} ms after that; ${v.out}`,
  );
} catch (error) {
  check('the smoke test ran to its end', false, error instanceof Error ? error.message : String(error));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(failures === 0 ? 'release smoke test: all checks passed' : `release smoke test: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
