// The saved-quote reads on the fast lane (src/server/lane-saved-quotes.ts through fast-lane.ts): one quote, the plain
// list with its X-Total-Count / X-Truncated, and the table's page, on both doors. What the lane serves must equal
// the router's answer in every byte; an input the procedure refuses, a quote that is not yours, a query in any other
// form must reach the router, which answers as it always did.
import http from 'node:http';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFastLane, createNodeFastLane } from '../../src/server/fast-lane';
import { formatMoney } from '../../src/shared/money';
import { header } from '../support/answers';
import { addUser } from '../support/configurations';
import { getLaneParity } from '../support/get-lane-parity';
import { createServers, listenLaneServers, readWire, type LaneServers, type Wire } from '../support/real-http';
import { createRouterPair, type RouterPair } from '../support/router-pair';
import { ADMIN, APP_HOST, TestClient } from '../support/test-app';

let pair: RouterPair;
let parity: ReturnType<typeof getLaneParity>;
/** USER's three saves, newest last. */
const mine: number[] = [];
let othersQuote: number;
let adminCookie: string;

const form = (name: string, squareMeters: number) => ({
  name,
  packageId: 2,
  pricingModel: 'sqm',
  squareMeters,
  userCount: 0,
  locations: 2,
  addOns: [{ id: 1, waiveSetupFee: true }],
  customItems: [{ id: 'c1', name: 'Schulung – 2 Tage', description: 'vor Ort', isOneTime: true, price: 1250 }],
  discountIds: [1],
  contractDuration: 24,
  paymentFrequency: 'annually',
});

async function save(cookie: string, name: string, squareMeters = 800): Promise<number> {
  const client = new TestClient(pair.routerOnly);
  client.cookie = cookie;
  const res = await client.post('/api/configurations', form(name, squareMeters));
  expect(res.status).toBe(201);
  return (res.body as { id: number }).id;
}

beforeAll(async () => {
  pair = await createRouterPair();
  parity = getLaneParity(pair, createFastLane(pair.t.services));
  for (const [i, name] of ['Acme Logistics', 'Beta “Büro” GmbH', 'Acme Retail'].entries()) mine.push(await save(pair.cookie, name, 500 + i * 700));
  addUser(pair.t, 'other@example.com');
  adminCookie = await pair.signIn(ADMIN.email, ADMIN.password);
  othersQuote = await save(adminCookie, 'The admin’s own');
  await pair.warm();
  await pair.warm(adminCookie);
});
afterAll(() => pair.close());

const trpc = (name: string, input: unknown) => `/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`;
const batch = (names: string[], inputs: Record<number, unknown>) =>
  `/trpc/${names.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
const json = (text: string) => JSON.parse(text) as unknown;

describe('what the lane serves equals the router’s answer, byte for byte', () => {
  it('one of my quotes, with its snapshot', async () => {
    const answer = await parity.expectServedAlike(`/api/configurations/${mine[0]}`);
    expect(json(answer.text)).toMatchObject({ id: mine[0], name: 'Acme Logistics', packageName: 'Advanced', snapshot: { packageName: 'Advanced' } });
    expect(header(answer, 'content-type')).toEqual(['application/json']);
    expect(header(answer, 'cache-control')).toEqual(['no-store']);
  });

  it('my plain list, newest first, with its total', async () => {
    const answer = await parity.expectServedAlike('/api/configurations');
    expect((json(answer.text) as { id: number }[]).map((c) => c.id)).toEqual([...mine].reverse());
    expect(header(answer, 'x-total-count')).toEqual(['3']);
    expect(header(answer, 'x-truncated')).toEqual([]);
  });

  it.each<[string, number[], string[]]>([
    ['?page=1&limit=2', [2, 1], ['true']],
    ['?page=2&limit=2', [0], []],
    ['?limit=1&page=3&scope=mine', [0], []],
    ['?scope=all', [2, 1, 0], []],
    ['?page=7&limit=5', [], []],
  ])('a page of it: %s', async (query, indexes, truncated) => {
    const answer = await parity.expectServedAlike(`/api/configurations${query}`);
    expect((json(answer.text) as { id: number }[]).map((c) => c.id)).toEqual(indexes.map((i) => mine[i]));
    expect(header(answer, 'x-total-count')).toEqual(['3']);
    expect(header(answer, 'x-truncated')).toEqual(truncated);
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['the first page', { page: 1 }, 3],
    ['sorted by TCV, ascending', { sort: 'tcv', direction: 'asc' }, 3],
    ['searched (case and spaces as the user typed them)', { search: '  acme ', sort: 'packageName' }, 2],
    ['a search without matches', { search: 'Zeppelin' }, 0],
  ])('the table’s page on tRPC: %s', async (_name, input, count) => {
    const answer = await parity.expectServedAlike(trpc('configurations.list', input));
    expect(json(answer.text)).toMatchObject({ result: { data: { total: count, page: 1, pageSize: 30 } } });
    expect(header(answer, 'vary')).toEqual(['trpc-accept, accept']);
  });

  it('a batch as the browser sends it: the session check, the page and one quote', async () => {
    const answer = await parity.expectServedAlike(
      batch(['auth.check', 'configurations.list', 'configurations.get'], { 1: { page: 1, sort: 'createdAt', direction: 'desc' }, 2: { id: mine[1] } }),
    );
    const [check, page, one] = json(answer.text) as { result: { data: Record<string, unknown> } }[];
    expect(check!.result.data).toEqual({ authenticated: true, isAdmin: false });
    expect(page!.result.data).toMatchObject({ total: 3 });
    expect(one!.result.data).toMatchObject({ id: mine[1], name: 'Beta “Büro” GmbH' });
  });

  it('an admin: anyone’s quote, everyone’s list, and their own with scope=mine', async () => {
    const headers = { cookie: adminCookie };
    expect(json((await parity.expectServedAlike(`/api/configurations/${mine[2]}`, { headers })).text)).toMatchObject({ id: mine[2] });
    const all = await parity.expectServedAlike('/api/configurations', { headers });
    expect(header(all, 'x-total-count')).toEqual(['4']);
    const own = await parity.expectServedAlike('/api/configurations?scope=mine', { headers });
    expect((json(own.text) as { id: number }[]).map((c) => c.id)).toEqual([othersQuote]);
  });
});

describe('whatever the lane cannot vouch for goes to the router', () => {
  it('someone else’s quote: 404 on both doors, as if it did not exist', async () => {
    expect((await parity.expectLeftToRouter(`/api/configurations/${othersQuote}`)).status).toBe(404);
    expect((await parity.expectLeftToRouter(trpc('configurations.get', { id: othersQuote }))).status).toBe(404);
    expect((await parity.expectLeftToRouter('/api/configurations/999999')).status).toBe(404);
  });

  it('no cookie: 401', async () => {
    for (const path of [`/api/configurations/${mine[0]}`, '/api/configurations', trpc('configurations.list', { page: 1 })]) {
      expect((await parity.expectLeftToRouter(path, { headers: { cookie: null } })).status).toBe(401);
    }
  });

  it.each<[string, string, number]>([
    ['an id of 0', '/api/configurations/0', 404],
    ['an id of 16 digits', '/api/configurations/1234567890123456', 404],
    ['an id that is not a number', '/api/configurations/abc', 404],
    ['a trailing slash', '/api/configurations/1/', 404],
    ['a query on one quote', '/api/configurations/1?x=1', 200],
    ['page 0', '/api/configurations?page=0', 400],
    ['a limit over 1,000', '/api/configurations?limit=1001', 400],
    ['a scope that does not exist', '/api/configurations?scope=everyone', 400],
    ['a percent-encoded value', '/api/configurations?page=%31', 200],
    ['a parameter twice', '/api/configurations?page=1&page=2', 200],
    ['a parameter the list does not read', '/api/configurations?sort=tcv', 200],
    ['an empty value', '/api/configurations?page=', 400],
    ['a trailing ampersand', '/api/configurations?page=1&', 200],
  ])('REST: %s', async (_name, path, status) => {
    expect((await parity.expectLeftToRouter(path)).status).toBe(status);
  });

  it.each<[string, string, number]>([
    ['an input that is not JSON', '/trpc/configurations.list?input=%7Bpage', 400],
    ['no input', '/trpc/configurations.list', 400],
    ['an empty input', '/trpc/configurations.list?input=', 400],
    ['page 0', trpc('configurations.list', { page: 0 }), 400],
    ['a sort that does not exist', trpc('configurations.list', { sort: 'name' }), 400],
    ['a search of 201 characters', trpc('configurations.list', { search: 'x'.repeat(201) }), 400],
    ['more after the input', `${trpc('configurations.list', { page: 1 })}&x=1`, 200],
    ['a batch input that is not an object', '/trpc/configurations.list?batch=1&input=%5B%7B%7D%5D', 400],
    ['a batch missing its input for the list (one call fails: 207)', batch(['auth.check', 'configurations.list'], { 0: {} }), 207],
    ['a batch whose catalogue call has an input', batch(['catalog.all', 'configurations.list'], { 0: { x: 1 }, 1: {} }), 200],
  ])('tRPC: %s', async (_name, path, status) => {
    expect((await parity.expectLeftToRouter(path)).status).toBe(status);
  });
});

describe('never stale', () => {
  it('a save, a rename and a delete show in the next fast answer', async () => {
    const client = new TestClient(pair.routerOnly);
    client.cookie = pair.cookie;
    const added = await save(pair.cookie, 'Gamma Werke');
    let list = await parity.expectServedAlike('/api/configurations?page=1&limit=30');
    expect((json(list.text) as { id: number }[])[0]).toMatchObject({ id: added, name: 'Gamma Werke' });
    expect(header(list, 'x-total-count')).toEqual(['4']);

    expect((await client.patch(`/api/configurations/${added}`, { name: 'Gamma Werke AG' })).status).toBe(200);
    expect(json((await parity.expectServedAlike(`/api/configurations/${added}`)).text)).toMatchObject({ name: 'Gamma Werke AG' });

    // the lists too (each row's text is kept while the row is the same: a rename changes it)
    const names = (text: string) => (json(text) as { name: string }[]).map((c) => c.name);
    expect(names((await parity.expectServedAlike('/api/configurations')).text)[0]).toBe('Gamma Werke AG');
    const page = json((await parity.expectServedAlike(trpc('configurations.list', { page: 1 }))).text) as { result: { data: { items: { name: string }[] } } };
    expect(page.result.data.items[0]!.name).toBe('Gamma Werke AG');

    expect((await client.delete(`/api/configurations/${added}`)).status).toBe(204);
    expect((await parity.expectLeftToRouter(`/api/configurations/${added}`)).status).toBe(404);
    list = await parity.expectServedAlike(trpc('configurations.list', { page: 1 }));
    expect(json(list.text)).toMatchObject({ result: { data: { total: 3 } } });
  });
});

describe('never stale: rows changed by another connection', () => {
  it('a changed total and a renamed owner show in the next listed row, on both doors', async () => {
    const listed = async () => {
      const rest = json((await parity.expectServedAlike('/api/configurations')).text) as { id: number; totalMonthly: string; createdBy: string }[];
      const page = json((await parity.expectServedAlike(trpc('configurations.list', { page: 1 }))).text) as {
        result: { data: { items: typeof rest } };
      };
      expect(page.result.data.items).toEqual(rest);
      return rest.find((c) => c.id === mine[0])!;
    };
    const before = await listed();
    expect(before.createdBy).not.toBe('Renamed Elsewhere');
    const other = new Database(pair.t.config.databasePath);
    try {
      other.prepare('UPDATE configurations SET total_monthly_cents = 123456 WHERE id = ?').run(mine[0]);
    } finally {
      other.close();
    }
    await pair.warm();
    expect(await listed()).toMatchObject({ totalMonthly: formatMoney(123456) });
    const again = new Database(pair.t.config.databasePath);
    try {
      again.prepare("UPDATE users SET firstname = 'Renamed', lastname = 'Elsewhere' WHERE id = ?").run(pair.userId);
    } finally {
      again.close();
    }
    await pair.warm();
    expect(await listed()).toMatchObject({ totalMonthly: formatMoney(123456), createdBy: 'Renamed Elsewhere' });
  });
});

describe('over real HTTP (the Node lane in front of the adapter)', () => {
  const servers = createServers();
  let lanes: LaneServers;

  beforeAll(async () => {
    lanes = await listenLaneServers(servers, pair.t.app, pair.t.services, pair.routerOnly, (next) => createNodeFastLane(pair.t.services, next));
  });
  afterAll(() => servers.close());

  const get = (port: number, path: string): Promise<Wire> =>
    new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers: { host: APP_HOST, cookie: pair.cookie } }, (res) => resolve(readWire(res)));
      req.on('error', reject);
    });

  it.each<[string, boolean]>([
    [`/api/configurations/${'{first}'}`, true],
    ['/api/configurations?page=1&limit=2', true],
    [trpc('configurations.list', { page: 1, search: 'Acme' }), true],
    ['/api/configurations?page=0', false],
  ])('%s: the router’s status, header lines and body', async (template, served) => {
    await pair.warm();
    const path = template.replace('{first}', String(mine[0]));
    lanes.reset();
    const router = await get(lanes.ports.router, path);
    expect(await get(lanes.ports.app, path)).toEqual(router);
    expect(await get(lanes.ports.node, path)).toEqual(router);
    expect(lanes.passedOn() === 0).toBe(served);
    if (path.includes('limit=2')) expect(router.headers).toEqual(expect.arrayContaining(['x-total-count: 3', 'x-truncated: true']));
  });
});
