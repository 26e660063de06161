// The fast lane (src/server/fast-lane.ts) answers the signed-in hot reads before Hono's router. Its promise: what it
// answers is byte for byte what the router would have answered (status, body, every header), and whatever it cannot
// vouch for goes to the router. Two apps over the same services and database — the test app (lane on) and a
// router-only app — get the same requests with the same cookie and must answer alike; the lane itself is also called
// directly, to show which requests it really served and which it left to the router.
import http from 'node:http';
import Database from 'better-sqlite3';
import { parse } from 'hono/utils/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokenOf } from '../../src/server/auth/session-cookie';
import { hashToken } from '../../src/server/auth/tokens';
import { getRequestListener } from '@hono/node-server';
import { createFastLane, createNodeFastLane, type FastLane } from '../../src/server/fast-lane';
import { answerOf, header, type Answer } from '../support/answers';
import { DAY, MINUTE } from '../support/clock';
import { createLoggedApp } from '../support/log-capture';
import { createServers, readWire, type Wire } from '../support/real-http';
import { getLaneParity } from '../support/get-lane-parity';
import { createRouterPair, type RouterPair } from '../support/router-pair';
import { ADMIN, APP_HOST, TestClient, USER, type TestApp } from '../support/test-app';

let pair: RouterPair;
let t: TestApp;
let routerOnly: RouterPair['routerOnly'];
let lane: FastLane;
let requestOf: ReturnType<typeof getLaneParity>['requestOf'];
let expectServedAlike: ReturnType<typeof getLaneParity>['expectServedAlike'];
let expectLeftToRouter: ReturnType<typeof getLaneParity>['expectLeftToRouter'];
let cookie: string;
let userId: number;

beforeAll(async () => {
  pair = await createRouterPair();
  ({ t, routerOnly, cookie, userId } = pair);
  lane = createFastLane(t.services);
  ({ requestOf, expectServedAlike, expectLeftToRouter } = getLaneParity(pair, lane));
});
afterAll(() => pair.close());

const batch = (...names: string[]) => `/trpc/${names.join(',')}?batch=1&input=%7B%7D`;

const REST_PATHS = ['/api/packages', '/api/addons', '/api/addon-categories', '/api/discounts', '/api/auth/check', '/api/user'];
const PROCEDURES = ['catalog.all', 'catalog.packages', 'catalog.addOns', 'catalog.categories', 'catalog.discounts', 'auth.check', 'auth.me'];

describe('what the lane serves equals the router’s answer, byte for byte', () => {
  it.each(REST_PATHS)('GET %s', async (path) => {
    const answer = await expectServedAlike(path);
    expect(header(answer, 'content-type')).toEqual(['application/json']);
    expect(header(answer, 'cache-control')).toEqual(['no-store']);
    expect(header(answer, 'set-cookie')).toEqual([]);
  });

  it.each(PROCEDURES)('GET /trpc/%s', async (name) => {
    const answer = await expectServedAlike(`/trpc/${name}`);
    expect(JSON.parse(answer.text)).toHaveProperty('result.data');
    expect(header(answer, 'vary')).toEqual(['trpc-accept, accept']);
  });

  it.each([
    ['the session check, the user and the whole catalogue', ['auth.check', 'auth.me', 'catalog.all']],
    ['one call', ['catalog.packages']],
    ['every procedure the lane knows', PROCEDURES],
    ['ten calls, the most a batch may hold', [...PROCEDURES, 'auth.check', 'catalog.all', 'auth.me']],
  ])('a tRPC batch of %s', async (_name, names) => {
    const answer = await expectServedAlike(batch(...names));
    const results = JSON.parse(answer.text) as { result: { data: unknown } }[];
    expect(results).toHaveLength(names.length);
    if (names.includes('auth.me')) expect(results[names.indexOf('auth.me')]!.result.data).toMatchObject({ email: USER.email });
  });

  it('an empty query, and headers REST does not read (Accept, Content-Type, trpc-accept)', async () => {
    await expectServedAlike('/api/user?');
    await expectServedAlike('/trpc/auth.me?');
    const headers = { accept: 'application/jsonl', 'content-type': 'multipart/form-data; boundary=x', 'trpc-accept': 'application/jsonl' };
    for (const path of ['/api/packages', '/api/auth/check']) await expectServedAlike(path, { headers });
    await expectServedAlike(batch('auth.check'), { headers: { accept: 'application/json' } });
  });

  it('the REST and tRPC answers carry the same data (the lane serves one catalogue on both doors)', async () => {
    const [all] = JSON.parse((await expectServedAlike(batch('catalog.all'))).text) as { result: { data: Record<string, unknown> } }[];
    expect(all!.result.data.packages).toEqual(JSON.parse((await expectServedAlike('/api/packages')).text));
    expect(JSON.parse((await expectServedAlike('/api/auth/check')).text)).toEqual({ authenticated: true, isAdmin: false });
  });
});

describe('whatever the lane cannot vouch for goes to the router', () => {
  it('no cookie: REST answers 401 JSON, the session check answers signed out', async () => {
    const packages = await expectLeftToRouter('/api/packages', { headers: { cookie: null } });
    expect(packages.status).toBe(401);
    expect(JSON.parse(packages.text)).toMatchObject({ code: 'UNAUTHORIZED' });
    const check = await expectLeftToRouter('/api/auth/check', { headers: { cookie: null } });
    expect(check.status).toBe(200);
    expect(JSON.parse(check.text)).toEqual({ authenticated: false, isAdmin: false });
    expect((await expectLeftToRouter('/trpc/auth.me', { headers: { cookie: null } })).status).toBe(401);
  });

  it.each([
    ['not a token', 'session=not-a-token'],
    ['an unknown token', `session=${'a'.repeat(32)}`],
    ['an empty value', 'session='],
  ])('a bad cookie (%s): 401, and the router clears it', async (_name, bad) => {
    const answer = await expectLeftToRouter('/api/user', { headers: { cookie: bad } });
    expect(answer.status).toBe(401);
    if (bad !== 'session=') expect(header(answer, 'set-cookie')).toEqual([expect.stringMatching(/^session=; Max-Age=0;/)]);
  });

  it('a Host that is not APP_URL’s: 403 Unknown host', async () => {
    for (const path of ['/api/packages', '/trpc/auth.check', batch('auth.check', 'catalog.all')]) {
      const answer = await expectLeftToRouter(path, { headers: { host: 'evil.example' } });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ message: 'Unknown host' });
    }
  });

  it('a streaming tRPC client (trpc-accept: application/jsonl)', async () => {
    const streamed = await expectLeftToRouter(batch('auth.check', 'catalog.packages'), { headers: { 'trpc-accept': 'application/jsonl' } });
    expect(streamed.status).toBe(200);
    expect(streamed.text.split('\n').length).toBeGreaterThan(2); // JSON lines, not one array
    expect((await expectLeftToRouter('/trpc/auth.check', { headers: { 'trpc-accept': 'application/jsonl' } })).status).toBe(400);
  });

  it('a streaming tRPC client that asks through Accept (httpBatchStreamLink with streamHeader: "accept")', async () => {
    const accept = 'application/json, application/jsonl';
    const streamed = await expectLeftToRouter(batch('auth.check', 'catalog.packages'), { headers: { accept } });
    expect(streamed.status).toBe(200);
    expect(streamed.text.split('\n').length).toBeGreaterThan(2);
    expect((await expectLeftToRouter('/trpc/auth.check', { headers: { accept } })).status).toBe(400);
  });

  it('a tRPC GET that says it carries form data or bytes (tRPC refuses it: 405)', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'application/octet-stream']) {
      const answer = await expectLeftToRouter('/trpc/auth.check', { headers: { 'content-type': type } });
      expect(answer.status).toBe(405);
      expect((await expectLeftToRouter(batch('auth.check', 'catalog.all'), { headers: { 'content-type': type } })).status).toBe(405);
    }
    // Any other type: the router's answer, which is the usual one.
    expect((await expectLeftToRouter('/trpc/auth.check', { headers: { 'content-type': 'application/json' } })).status).toBe(200);
  });

  it.each([
    ['a query string on a REST path', '/api/packages?x=1'],
    ['a trailing slash', '/api/packages/'],
    ['a trailing slash on a procedure', '/trpc/catalog.all/'],
    ['an input on a single call', '/trpc/auth.check?input=%7B%7D'],
    ['a batch with an input other than {}', '/trpc/catalog.all,auth.check?batch=1&input=%7B%220%22%3A%7B%7D%7D'],
    ['a batch query in another order', '/trpc/catalog.all?input=%7B%7D&batch=1'],
    ['a batch query with more to it', '/trpc/catalog.all?batch=1&input=%7B%7D&x=1'],
    ['a batch without its input', '/trpc/catalog.all?batch=1'],
    ['a name the lane does not know', batch('auth.check', 'configurations.list')],
    ['a mutation', batch('auth.check', 'auth.logout')],
    ['an empty name', batch('auth.check', '')],
    ['a percent-encoded name', batch('catalog%2Eall')],
    ['another case', '/API/packages'],
    ['a path the lane does not know', '/api/health'],
  ])('%s', async (_name, path) => {
    await expectLeftToRouter(path);
  });

  it('a batch of 11 calls: 413, the batch limit', async () => {
    const answer = await expectLeftToRouter(batch(...PROCEDURES, ...PROCEDURES.slice(0, 4)));
    expect(answer.status).toBe(413);
  });

  it('a mutation in a batch is refused whole (400) and not run: the session still signs in', async () => {
    const answer = await expectLeftToRouter(batch('auth.check', 'auth.logout'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { data: { code: 'BAD_REQUEST' } } });
    await expectServedAlike('/api/user');
  });

  it.each(['HEAD', 'POST', 'OPTIONS'])('%s requests', async (method) => {
    for (const path of ['/api/packages', '/api/auth/check', '/trpc/auth.check', batch('auth.check', 'catalog.all')]) {
      await expectLeftToRouter(path, { method });
    }
  });

  it('the page and its client routes', async () => {
    for (const path of ['/', '/calculator/12']) expect((await expectLeftToRouter(path)).status).toBe(200);
  });
});

describe('never stale', () => {
  it('an admin’s change to a package shows in the next fast answer', async () => {
    const admin = new TestClient(routerOnly);
    admin.cookie = await pair.signIn(ADMIN.email, ADMIN.password);
    await pair.warm();
    const before = JSON.parse((await expectServedAlike('/api/packages')).text) as { id: number; name: string }[];
    const patched = await admin.patch(`/api/packages/${before[0]!.id}`, { name: 'Entry (renamed)' });
    expect(patched.status).toBe(200);
    const after = JSON.parse((await expectServedAlike('/api/packages')).text) as { name: string }[];
    expect(after[0]!.name).toBe('Entry (renamed)');
    // A raw write on the server's own connection, outside any service.
    t.db.$client.prepare('UPDATE packages SET name = ? WHERE id = ?').run('Entry', before[0]!.id);
    const [all] = JSON.parse((await expectServedAlike(batch('catalog.all'))).text) as { result: { data: { packages: { name: string }[] } } }[];
    expect(all!.result.data.packages[0]!.name).toBe('Entry');
  });

  it('a change to the user by another connection shows in the next answer', async () => {
    const mine = await pair.signIn();
    await expectServedAlike('/api/auth/check', { headers: { cookie: mine } });
    const other = new Database(t.config.databasePath);
    try {
      other.prepare("UPDATE users SET firstname = 'Elsewhere' WHERE email = ?").run(USER.email);
    } finally {
      other.close();
    }
    // The first answer after the commit is the router's (it reads the user again); the next ones are fast again.
    const routed = await expectLeftToRouter('/api/user', { headers: { cookie: mine } });
    expect(JSON.parse(routed.text).firstname).toBe('Elsewhere');
    expect(JSON.parse((await expectServedAlike('/api/user', { headers: { cookie: mine } })).text).firstname).toBe('Elsewhere');
  });

  it('a session ended by another connection: the next read answers 401', async () => {
    const mine = await pair.signIn();
    await expectServedAlike('/api/packages', { headers: { cookie: mine } });
    const other = new Database(t.config.databasePath);
    try {
      other.prepare('DELETE FROM sessions WHERE id = ?').run(hashToken(mine.split('=')[1]!));
    } finally {
      other.close();
    }
    const answer = await expectLeftToRouter('/api/packages', { headers: { cookie: mine } });
    expect(answer.status).toBe(401);
    expect((await expectLeftToRouter(batch('auth.check'), { headers: { cookie: mine } })).text).toBe(
      '[{"result":{"data":{"authenticated":false,"isAdmin":false}}}]',
    );
  });
});

describe('the request log', () => {
  it('a fast answer logs one line like the router’s: method, path, status, user, and no cookie or token', async () => {
    const { app: logged, lines } = await createLoggedApp(t);
    const { app: routedLogged, lines: routedLines } = await createLoggedApp(t, { fastLane: false });
    await pair.warm();

    for (const path of ['/api/packages', batch('auth.check', 'auth.me', 'catalog.all')]) {
      lines.length = 0;
      routedLines.length = 0;
      expect(lane(requestOf(path), undefined), 'the lane serves it').toBeDefined();
      expect((await logged.fetch(requestOf(path))).status).toBe(200);
      expect((await routedLogged.fetch(requestOf(path))).status).toBe(200);
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: path.split('?')[0], status: 200, userId });
      expect(typeof line.ms).toBe('number');
      const routed = JSON.parse(routedLines[0]!) as Record<string, unknown>;
      const { ms: _a, time: _b, ...same } = line;
      const { ms: _c, time: _d, ...routedSame } = routed;
      expect(same).toEqual(routedSame);
      expect(Object.keys(line).sort()).toEqual(Object.keys(routed).sort());
      for (const secret of [cookie, cookie.split('=')[1]!, 'cookie', 'session', 'batch=1']) expect(lines[0]).not.toContain(secret);
    }
  });
});

describe('sessionTokenOf', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz234567';
  const other = '765432zyxwvutsrqponmlkjihgfedcba';
  it.each<[string, string | undefined, string | undefined]>([
    ['the only cookie', `session=${token}`, token],
    ['after another, with a space', `a=b; session=${token}`, token],
    ['after another, without a space', `a=b;session=${token}`, token],
    ['after another, with a tab', `a=b;\tsession=${token}`, token],
    ['before another', `session=${token}; a=b`, token],
    ['twice: the first wins', `session=${token}; session=${other}`, token],
    ['twice, the first not a valid value: the second', `session="${token}; session=${other}`, other],
    ['after a cookie whose name ends in session', `xsession=foo; session=${token}`, token],
    ['only a cookie whose name ends in session', `xsession=${token}`, undefined],
    ['a space before the equals sign (read by the general parser)', `session =${token}`, token],
    ['in a cookie’s value', `a=session=${token}`, undefined],
    ['quoted', `session="${token}"`, token],
    ['percent-encoded', `session=${encodeURIComponent(token).replace('a', '%61')}`, token],
    ['absent', 'a=b; c=d', undefined],
    ['an empty header', '', undefined],
    ['no header', undefined, undefined],
  ])('%s', (_name, header, expected) => {
    expect(sessionTokenOf(header)).toBe(expected);
    // The same answer as hono's parser, which the shortcut stands in for.
    if (header !== undefined) expect(sessionTokenOf(header)).toBe(parse(header, 'session').session);
  });
});

describe('over real HTTP (the lane reads Node’s parsed headers)', () => {
  const servers = createServers();
  let laneAnswered: boolean[] = [];
  /** Requests the Node lane passed on to the adapter. */
  let passedOn = 0;
  let ports: { app: number; router: number; recorded: number; node: number };

  beforeAll(async () => {
    ports = {
      // as the process serves it: the lanes on Node's request, in front of the adapter and app.fetch
      app: await servers.listenApp(t.app, t.services),
      router: await servers.listen(routerOnly.fetch),
      // The Node lane in front of the adapter and the router alone, counting what it passed on.
      node: await servers.listenNode(
        createNodeFastLane(t.services, (req, res) => {
          passedOn++;
          void getRequestListener(routerOnly.fetch)(req, res);
        }),
      ),
      // The lane in front of the router as app.ts puts it, noting which requests it answered.
      recorded: await servers.listen((req, env) => {
        const answer = lane(req, env);
        laneAnswered.push(answer !== undefined);
        return answer ?? routerOnly.fetch(req, env as never);
      }),
    };
  });
  afterAll(() => servers.close());

  function get(port: number, path: string, headers: Record<string, string | string[]>): Promise<Wire> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers: { host: APP_HOST, ...headers } }, (res) => resolve(readWire(res)));
      req.on('error', reject);
    });
  }

  /** The answers of the three servers, and whether the lane answered. */
  async function overHttp(path: string, headers: Record<string, string | string[]> = { cookie }) {
    laneAnswered = [];
    passedOn = 0;
    const [app, router, recorded, node] = [
      await get(ports.app, path, headers),
      await get(ports.router, path, headers),
      await get(ports.recorded, path, headers),
      await get(ports.node, path, headers),
    ];
    expect(app).toEqual(router);
    expect(recorded).toEqual(router);
    expect(node).toEqual(router);
    // the Node lane answers what the fetch lane answers
    expect(passedOn === 0).toBe(laneAnswered[0]);
    return { answer: router, lane: laneAnswered[0] };
  }

  it('serves the hot reads with the router’s status, headers and body', async () => {
    await pair.warm();
    for (const path of ['/api/packages', '/api/user', '/trpc/auth.check', batch('auth.check', 'auth.me', 'catalog.all')]) {
      const { answer, lane: served } = await overHttp(path);
      expect(served, path).toBe(true);
      expect(answer.status).toBe(200);
    }
  });

  it('finds the cookie among several Cookie headers as the router does', async () => {
    const { answer, lane: served } = await overHttp('/api/user', { cookie: ['a=b', cookie] });
    expect(served).toBe(true);
    expect(JSON.parse(answer.body)).toMatchObject({ email: USER.email });
  });

  it.each<[string, string, Record<string, string>, number]>([
    ['no cookie', '/api/packages', {}, 401],
    ['an unknown host', '/api/packages', { host: 'evil.example' }, 403],
    ['a streaming client (trpc-accept)', batch('auth.check'), { 'trpc-accept': 'application/jsonl' }, 200],
    ['a streaming client (Accept)', batch('auth.check'), { accept: 'application/jsonl' }, 200],
    ['a GET that names a form-data body', '/trpc/auth.check', { 'content-type': 'multipart/form-data; boundary=x' }, 405],
  ])('leaves %s to the router', async (name, path, headers, status) => {
    const { answer, lane: served } = await overHttp(path, name === 'no cookie' ? headers : { cookie, ...headers });
    expect(served).toBe(false);
    expect(answer.status).toBe(status);
  });
});

// Last: moves the shared clock, so every session made above becomes due for a refresh.
describe('a session due for its refresh', () => {
  const expiresOf = (c: string) =>
    t.db.$client.prepare('SELECT expires_at FROM sessions WHERE id = ?').pluck().get(hashToken(c.split('=')[1]!)) as number;
  /** An answer with the token of its Set-Cookie blanked: two sessions refreshed alike answer alike. */
  const sameToken = (a: Answer) => ({ ...a, headers: a.headers.map(([n, v]) => [n, v.replace(/^session=[a-z2-7]+;/, 'session=TOKEN;')]) });

  it('goes to the router, which writes the refresh once and answers its Set-Cookie', async () => {
    const viaApp = await pair.signIn();
    const viaRouter = await pair.signIn();
    const before = expiresOf(viaApp);
    t.clock.advance(2 * DAY);

    // The router's refresh of its session first: a refresh is a write to sessions, after which the next check of any
    // session is read again (and the one after it fast).
    const router = await answerOf(await routerOnly.fetch(requestOf('/api/packages', { headers: { cookie: viaRouter } })));
    expect(lane(requestOf('/api/packages', { headers: { cookie: viaApp } }), undefined)).toBeUndefined();
    const app = await answerOf(await t.app.fetch(requestOf('/api/packages', { headers: { cookie: viaApp } })));
    expect(app.status).toBe(200);
    // The same answer but for the token in the cookie (two sessions: the first request refreshes its own).
    expect(sameToken(app)).toEqual(sameToken(router));
    const refreshed = t.clock.now().getTime() + 30 * DAY;
    expect(header(app, 'set-cookie')).toEqual([`${viaApp}; Path=/; Expires=${new Date(refreshed).toUTCString()}; HttpOnly; SameSite=Lax`]);
    expect(expiresOf(viaApp)).toBe(refreshed);
    expect(refreshed).not.toBe(before);

    // Refreshed once: the next reads are fast again, set no cookie, and leave the expiry where it is.
    t.clock.advance(MINUTE);
    for (const path of ['/api/packages', '/trpc/auth.check', batch('auth.check', 'catalog.all')]) {
      const again = await expectServedAlike(path, { headers: { cookie: viaApp } });
      expect(header(again, 'set-cookie')).toEqual([]);
    }
    expect(expiresOf(viaApp)).toBe(refreshed);
  });

  it('on tRPC too, single and batched', async () => {
    for (const path of ['/trpc/auth.me', batch('auth.check', 'auth.me', 'catalog.all')]) {
      const viaApp = await pair.signIn();
      const viaRouter = await pair.signIn();
      t.clock.advance(2 * DAY);
      const router = await answerOf(await routerOnly.fetch(requestOf(path, { headers: { cookie: viaRouter } })));
      expect(lane(requestOf(path, { headers: { cookie: viaApp } }), undefined)).toBeUndefined();
      const app = await answerOf(await t.app.fetch(requestOf(path, { headers: { cookie: viaApp } })));
      expect(app.status).toBe(200);
      expect(header(app, 'set-cookie')).toEqual([expect.stringMatching(new RegExp(`^${viaApp}; Path=/; Expires=`))]);
      expect(sameToken(app)).toEqual(sameToken(router));
      expect(lane(requestOf(path, { headers: { cookie: viaApp } }), undefined)).toBeDefined();
    }
  });
});
