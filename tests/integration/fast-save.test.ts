// POST /api/configurations on the fast lane (src/server/fast-post.ts; the hand-over itself is proven on the quote, in
// fast-quote.test.ts). Its promise for a save: a save it makes answers exactly as the router's (201, every header, the
// same body but for the new id), is stored once with the server's figures, and logs one line; a save it cannot make
// is handed to the router with nothing written, and the router's refusal is the answer; once its row is in, it never
// hands over (that would save twice).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFastPost, createNodePostLane } from '../../src/server/fast-post';
import { answerOf, header, type Answer } from '../support/answers';
import { createLoggedApp } from '../support/log-capture';
import { createServers, listenLaneServers, readWire, type LaneServers, type Wire } from '../support/real-http';
import { createRouterPair, type RouterPair } from '../support/router-pair';
import { APP_HOST, APP_URL } from '../support/test-app';

const PATH = '/api/configurations';

let pair: RouterPair;
let handedOver = 0;
let lane: ReturnType<typeof createFastPost>;

beforeAll(async () => {
  pair = await createRouterPair();
  lane = createFastPost(pair.t.services, (req, env) => {
    handedOver++;
    return pair.routerOnly.fetch(req, env as never);
  });
});
afterAll(() => pair.close());

const form = {
  name: 'Acme Logistics – Hamburg',
  packageId: 2,
  pricingModel: 'sqm',
  squareMeters: 1200,
  userCount: 0,
  locations: 2,
  addOns: [
    { id: 1, waiveSetupFee: true },
    { id: 3, waiveSetupFee: false },
  ],
  customItems: [{ id: 'c1', name: 'Schulung „vor Ort“', description: '2 Tage', isOneTime: true, price: 1250 }],
  discountIds: [1],
  contractDuration: 36,
  paymentFrequency: 'annually',
};

function requestOf(body: unknown, headers: Record<string, string | null> = {}): Request {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const all: Record<string, string> = {};
  const defaults = { host: APP_HOST, cookie: pair.cookie, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) };
  for (const [name, value] of Object.entries({ ...defaults, ...headers })) if (value !== null) all[name] = value;
  return new Request(APP_URL + PATH, { method: 'POST', headers: all, body: text });
}

const rows = () => pair.t.db.$client.prepare('SELECT count(*) FROM configurations').pluck().get() as number;
/** The answer with its new id (and the length that follows from it) set aside: two saves answer alike but for it. */
const sameButId = (a: Answer) => ({
  ...a,
  text: a.text.replace(/^\{"id":\d+,/, '{"id":0,'),
  headers: a.headers.filter(([name]) => name !== 'content-length'),
});

type Route = 'saved by the lane' | 'handed over' | 'not taken';

/** The lane's own answer and route, the app's (lane on) and the router-only app's, and the rows each one added. */
async function threeWays(body: unknown, headers: Record<string, string | null> = {}) {
  const before = rows();
  handedOver = 0;
  const direct = lane(requestOf(body, headers), undefined);
  const fast = direct && (await answerOf(await direct));
  const route: Route = direct === undefined ? 'not taken' : handedOver === 0 ? 'saved by the lane' : 'handed over';
  const laneAdded = rows() - before;
  const app = await answerOf(await pair.t.app.fetch(requestOf(body, headers)));
  const appAdded = rows() - before - laneAdded;
  const router = await answerOf(await pair.routerOnly.fetch(requestOf(body, headers)));
  const routerAdded = rows() - before - laneAdded - appAdded;
  expect(sameButId(app)).toEqual(sameButId(router));
  if (fast) expect(sameButId(fast)).toEqual(sameButId(router));
  // each door saves once, or not at all
  expect([laneAdded, appAdded]).toEqual(fast ? [routerAdded, routerAdded] : [0, routerAdded]);
  return { route, answer: router, added: routerAdded, fast };
}

describe('a save the lane makes equals the router’s, stored once', () => {
  it.each<[string, Record<string, unknown>]>([
    ['by area, add-ons (one fee waived), a one-time item, a discount, 36 months annually', form],
    ['by users, numbers as text, 12 months monthly', { ...form, pricingModel: 'user', userCount: '45', squareMeters: '0', contractDuration: '12', paymentFrequency: 'monthly' }],
    ['a repeated add-on (the first one counts)', { ...form, addOns: [{ id: 1, waiveSetupFee: false }, { id: 1, waiveSetupFee: true }, { id: 3, waiveSetupFee: true }] }],
  ])('%s', async (_name, body) => {
    await pair.warm();
    const { route, answer, added, fast } = await threeWays(body);
    expect(route).toBe('saved by the lane');
    expect(answer.status).toBe(201);
    expect(added).toBe(1);
    expect(header(answer, 'content-type')).toEqual(['application/json']);
    expect(header(answer, 'cache-control')).toEqual(['no-store']);
    // The lane's answer is the row it stored, with the server's figures.
    const saved = JSON.parse(fast!.text) as { id: number; tcv: string; name: string };
    const stored = pair.t.db.$client.prepare('SELECT name, tcv_cents FROM configurations WHERE id = ?').get(saved.id) as { name: string; tcv_cents: number };
    expect(stored.name).toBe(body.name);
    expect(saved.tcv).toBe((JSON.parse(answer.text) as { tcv: string }).tcv);
    expect(stored.tcv_cents).toBeGreaterThan(0);
  });

  it('the figures are the engine’s', async () => {
    await pair.warm();
    const { answer } = await threeWays(form);
    expect(JSON.parse(answer.text)).toMatchObject({ packageName: 'Advanced', locations: 2, addOns: expect.any(Array), snapshot: { packageName: 'Advanced' } });
  });
});

describe('a save the lane cannot make is the router’s, and nothing is written twice', () => {
  it.each<[string, unknown, number]>([
    ['no name', { ...form, name: '' }, 400],
    ['a name of 201 characters', { ...form, name: 'x'.repeat(201) }, 400],
    ['a package that does not exist (the service refuses it inside its transaction)', { ...form, packageId: 999 }, 400],
    ['a contract of 18 months', { ...form, contractDuration: 18 }, 400],
    ['a discount that does not exist', { ...form, discountIds: [1, 999] }, 400],
    ['not JSON', '{"name":', 400],
    ['a JSON array', '[1]', 400],
    ['an empty object', {}, 400],
  ])('%s: handed over', async (_name, body, status) => {
    await pair.warm();
    const { route, answer, added } = await threeWays(body);
    expect(route).toBe('handed over');
    expect(answer.status).toBe(status);
    expect(added).toBe(0);
  });

  it.each<[string, Record<string, string | null>, number]>([
    ['no cookie', { cookie: null }, 401],
    ['another site’s Origin', { origin: 'https://evil.example' }, 403],
    ['a body that is not declared JSON', { 'content-type': 'text/plain' }, 415],
    ['a Host that is not APP_URL’s', { host: 'evil.example' }, 403],
  ])('%s: not taken', async (_name, headers, status) => {
    const { route, answer, added } = await threeWays(form, headers);
    expect(route).toBe('not taken');
    expect(answer.status).toBe(status);
    expect(added).toBe(0);
  });

  it('a row that is gone when it is read back: the lane answers as the router does, and does not save it again', async () => {
    await pair.warm();
    const sqlite = pair.t.db.$client;
    sqlite.exec('CREATE TEMP TRIGGER vanish AFTER INSERT ON configurations BEGIN DELETE FROM configurations WHERE id = new.id; END');
    try {
      const { route, answer } = await threeWays(form);
      expect(route).toBe('saved by the lane');
      expect(answer.status).toBe(404);
    } finally {
      sqlite.exec('DROP TRIGGER vanish');
    }
  });
});

describe('the request log', () => {
  it('one line for a save, like the router’s, with the status 201 and no body text', async () => {
    const { app: logged, lines } = await createLoggedApp(pair.t);
    const { app: routed, lines: routedLines } = await createLoggedApp(pair.t, { fastLane: false });
    await pair.warm();
    expect((await logged.fetch(requestOf(form))).status).toBe(201);
    expect((await routed.fetch(requestOf(form))).status).toBe(201);
    expect(lines).toHaveLength(1);
    const { ms: _a, time: _b, ...line } = JSON.parse(lines[0]!) as Record<string, unknown>;
    const { ms: _c, time: _d, ...routedLine } = JSON.parse(routedLines[0]!) as Record<string, unknown>;
    expect(line).toEqual(routedLine);
    expect(line).toMatchObject({ method: 'POST', path: PATH, status: 201, userId: pair.userId });
    for (const secret of ['Acme', 'Schulung', pair.cookie.split('=')[1]!]) expect(lines[0]).not.toContain(secret);
  });
});

describe('over real HTTP (the Node lane reads the body itself)', () => {
  const servers = createServers();
  let lanes: LaneServers;

  beforeAll(async () => {
    lanes = await listenLaneServers(servers, pair.t.app, pair.t.services, pair.routerOnly, (next) => createNodePostLane(pair.t.services, next));
  });
  afterAll(() => servers.close());

  function post(port: number, body: string): Promise<Wire> {
    const headers = { host: APP_HOST, cookie: pair.cookie, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: PATH, method: 'POST', headers }, (res) => resolve(readWire(res)));
      req.on('error', reject);
      req.end(body);
    });
  }
  const sameWire = (w: Wire) => ({
    status: w.status,
    body: w.body.replace(/^\{"id":\d+,/, '{"id":0,'),
    headers: w.headers.filter((h) => !h.startsWith('content-length:')),
  });

  it.each<[string, string, number, boolean]>([
    ['a save', JSON.stringify(form), 201, true],
    ['a refused save', JSON.stringify({ ...form, name: '' }), 400, false],
  ])('%s: the router’s status, header lines and body', async (_name, body, status, saved) => {
    await pair.warm();
    lanes.reset();
    const router = await post(lanes.ports.router, body);
    expect(router.status).toBe(status);
    expect(sameWire(await post(lanes.ports.app, body))).toEqual(sameWire(router));
    const node = await post(lanes.ports.node, body);
    expect(sameWire(node)).toEqual(sameWire(router));
    expect(node.headers).toContain(`content-length: ${Buffer.byteLength(node.body)}`);
    expect(lanes.passedOn() === 0).toBe(saved);
  });
});
