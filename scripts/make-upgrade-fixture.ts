// Writes a database as a given version of the app leaves it, for the upgrade tests (tests/fixtures/): starts that
// version's server on a temporary folder, fills it through the public API (accounts, quotes with several revisions,
// and, where the version has them, shared, accepted and declined quotes, whose audit entries come with them), stops
// it (SIGTERM: checkpointed and closed) and writes a standalone copy.
//
//   node --import tsx scripts/make-upgrade-fixture.ts <checkout> <output.db>
//
// <checkout> is a folder holding that version's sources with node_modules reachable (e.g. `git archive <commit>`
// unpacked next to a link to this checkout's node_modules).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { freePort, serverEnv, waitForServer } from './server-kit';

const [checkout, output] = process.argv.slice(2);
if (!checkout || !output) {
  console.error('usage: make-upgrade-fixture.ts <checkout> <output.db>');
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-fixture-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = serverEnv({ port, appUrl: base, dir }, { LOG_LEVEL: 'warn', CLIENT_DIR: path.join(dir, 'no-client') });
fs.mkdirSync(path.join(dir, 'no-client'));
fs.writeFileSync(path.join(dir, 'no-client/index.html'), '<!doctype html><title>fixture</title>');
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: path.resolve(checkout), env, stdio: 'inherit' });
if ((await waitForServer(`${base}/api/health`, { child: server })) !== 'ready') throw new Error('the server did not start');

async function call(method: string, url: string, body?: unknown, cookie?: string): Promise<{ status: number; json: any; cookie?: string }> {
  const res = await fetch(base + url, {
    method,
    headers: { origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const set = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, json: text ? JSON.parse(text) : null, cookie: set || undefined };
}
async function login(username: string, password: string): Promise<string> {
  const r = await call('POST', '/api/login', { username, password });
  if (r.status !== 200 || !r.cookie) throw new Error(`login ${username}: ${r.status}`);
  return r.cookie;
}
function expectStatus(r: { status: number; json: unknown }, status: number, what: string): void {
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.json)}`);
}

const admin = await login('admin@example.com', 'Admin1234');
const seller = {
  username: 'seller@example.com',
  email: 'seller@example.com',
  firstname: 'Sam',
  lastname: 'Seller',
  companyName: 'Acme',
  password: 'Seller1234',
  isAdmin: false,
};
expectStatus(await call('POST', '/api/admin/users', seller, admin), 201, 'create user');
const sam = await login(seller.email, seller.password);
const packages = (await call('GET', '/api/packages', undefined, sam)).json as { id: number }[];

const quotes: number[] = [];
for (const [i, who] of [admin, sam, sam, admin, sam].entries()) {
  const form = {
    name: `Fixture quote ${i + 1} – Müller & Søn`,
    packageId: packages[i % packages.length]!.id,
    squareMeters: 500 + i * 250,
    locations: 1 + i,
    contractDuration: 24,
  };
  const r = await call('POST', '/api/configurations', form, who);
  expectStatus(r, 201, 'save');
  quotes.push(r.json.id);
  // two pricing changes: revisions 2 and 3
  for (const locations of [3 + i, 5 + i]) expectStatus(await call('PATCH', `/api/configurations/${r.json.id}`, { locations }, who), 200, 'revise');
}

// Sharing, acceptance and declines exist from the version that brought the audit trail; older versions answer 404.
const share = await call('POST', `/api/configurations/${quotes[1]}/share`, undefined, sam);
if (share.status === 201) {
  const token = (u: string) => u.split('/').pop()!;
  expectStatus(
    await call('POST', `/api/shared/${token(share.json.url)}/accept`, {
      token: token(share.json.url),
      name: 'Carla Customer',
      email: 'carla@example.net',
      consent: true,
    }),
    200,
    'accept',
  );
  const other = await call('POST', `/api/configurations/${quotes[2]}/share`, undefined, sam);
  expectStatus(other, 201, 'share');
  expectStatus(
    await call('POST', `/api/shared/${token(other.json.url)}/decline`, { token: token(other.json.url), reason: 'Too early for us' }),
    200,
    'decline',
  );
  expectStatus(await call('POST', `/api/configurations/${quotes[3]}/share`, undefined, admin), 201, 'share');
}

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
const db = new Database(path.join(dir, 'app.db'), { fileMustExist: true });
fs.rmSync(output, { force: true });
db.prepare('VACUUM INTO ?').run(path.resolve(output));
db.close();
const copy = new Database(output);
copy.pragma('journal_mode = DELETE');
const tables = copy
  .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
  .pluck()
  .all() as string[];
console.log(`Wrote ${output}: ${tables.map((t) => `${t} ${copy.prepare(`select count(*) from "${t}"`).pluck().get()}`).join(', ')}`);
copy.close();
fs.rmSync(dir, { recursive: true, force: true });
