// POST /api/quote on the fast lane (src/server/fast-post.ts). Its promise: it answers only a complete success, with
// exactly the status, headers and bytes the router would give; anything it cannot vouch for before reading the body
// is not taken at all, and every other outcome is handed to the router as an identical request (same URL, headers
// and body bytes) after the body was read. Two apps over the same services and database — the test app (lane on)
// and a router-only app — get the same requests and must answer alike; the lane is also called on its own, in front
// of the router-only app, to show which requests it priced itself, which it handed over (and what it handed over),
// and which it did not take.
import http from 'node:http';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens';
import { getRequestListener } from '@hono/node-server';
import { createFastPost, createNodePostLane } from '../../src/server/fast-post';
import { MAX_BODY_BYTES } from '../../src/server/security';
import { QUOTE_MAX_CUSTOM_ITEMS } from '../../src/shared/schemas/quote';
import { answerOf, header, type Answer } from '../support/answers';
import { DAY, MINUTE } from '../support/clock';
import { createLoggedApp, type RequestLine } from '../support/log-capture';
import { advancedQuote, entryByUsersQuote } from '../support/quote-forms';
import { createServers, readWire, type Wire } from '../support/real-http';
import { createRouterPair, type RouterPair } from '../support/router-pair';
import { ADMIN, APP_HOST, APP_URL, TestClient, type TestApp } from '../support/test-app';

const PATH = '/api/quote';

let pair: RouterPair;
let t: TestApp;
let routerOnly: RouterPair['routerOnly'];
let cookie: string;
let userId: number;

/** What the lane handed to the router: the request as the router received it, and the body text the router read. */
interface HandedOver {
  url: string;
  method: string;
  headers: [string, string][];
  text: string | undefined;
}
const handedOver: HandedOver[] = [];
/** The lane on its own, in front of the router-only app, recording every hand-over. */
let lane: ReturnType<typeof createFastPost>;

beforeAll(async () => {
  pair = await createRouterPair();
  ({ t, routerOnly, cookie, userId } = pair);
  lane = createFastPost(t.services, async (req, env) => {
    // Notes the body text the router reads (rest/kit.ts jsonBody reads it with text()), without reading it itself.
    const handed: HandedOver = { url: req.url, method: req.method, headers: [...req.headers], text: undefined };
    handedOver.push(handed);
    const text = req.text.bind(req);
    Object.defineProperty(req, 'text', { value: () => text().then((read) => ((handed.text = read), read)) });
    return routerOnly.fetch(req, env as never);
  });
});
afterAll(() => pair.close());

const encoder = new TextEncoder();
const bytesOf = (body: string | Uint8Array): Uint8Array => (typeof body === 'string' ? encoder.encode(body) : body);

interface Send {
  method?: string;
  path?: string;
  /** The body: an object is sent as JSON, a string or bytes as they are; null sends none. Default: advancedQuote. */
  body?: unknown;
  /** Replaces the default headers (Host, the signed-in cookie, JSON Content-Type, the body's Content-Length); null
   * leaves one out. */
  headers?: Record<string, string | null>;
}

function bodyOf(send: Send): Uint8Array | undefined {
  const body = send.body === undefined ? advancedQuote : send.body;
  if (body === null || send.method === 'GET') return undefined;
  return body instanceof Uint8Array ? body : bytesOf(typeof body === 'string' ? body : JSON.stringify(body));
}

function headersOf(send: Send, body: Uint8Array | undefined): Record<string, string> {
  const defaults: Record<string, string> = { host: APP_HOST, cookie, 'content-type': 'application/json' };
  if (body !== undefined) defaults['content-length'] = String(body.byteLength);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...defaults, ...send.headers })) if (value !== null) headers[name] = value;
  return headers;
}

/** A fresh request each time (a body can be read once). */
function requestOf(send: Send = {}): Request {
  const body = bodyOf(send);
  return new Request(APP_URL + (send.path ?? PATH), { method: send.method ?? 'POST', headers: headersOf(send, body), body: body && new Uint8Array(body) });
}

type Route = 'priced by the lane' | 'handed over' | 'not taken';

/**
 * The lane's own answer (and whether it priced, handed over or did not take the request), the app's (lane on) and
 * the router-only app's; all three must be equal. A hand-over must carry the request exactly as it came.
 */
async function threeWays(send: Send = {}): Promise<{ route: Route; answer: Answer }> {
  handedOver.length = 0;
  const direct = lane(requestOf(send), undefined);
  if (direct !== undefined) expect(direct).toBeInstanceOf(Promise);
  const fast = direct && (await answerOf(await direct));
  const route: Route = direct === undefined ? 'not taken' : handedOver.length === 0 ? 'priced by the lane' : 'handed over';
  if (route === 'handed over') {
    expect(handedOver).toHaveLength(1);
    // The same URL, method and headers, and the router read the very text the request itself gives.
    const original = requestOf(send);
    expect(handedOver[0]).toEqual({ url: original.url, method: original.method, headers: [...original.headers], text: await original.text() });
  }
  const app = await answerOf(await t.app.fetch(requestOf(send)));
  const router = await answerOf(await routerOnly.fetch(requestOf(send)));
  expect(app).toEqual(router);
  if (fast) expect(fast).toEqual(router);
  return { route, answer: router };
}

async function expectPriced(send: Send = {}): Promise<Answer> {
  const { route, answer } = await threeWays(send);
  expect(route).toBe('priced by the lane');
  expect(answer.status).toBe(200);
  return answer;
}

async function expectHandedOver(send: Send, status: number): Promise<Answer> {
  const { route, answer } = await threeWays(send);
  expect(route).toBe('handed over');
  expect(answer.status).toBe(status);
  return answer;
}

async function expectNotTaken(send: Send, status: number): Promise<Answer> {
  const { route, answer } = await threeWays(send);
  expect(route).toBe('not taken');
  expect(answer.status).toBe(status);
  return answer;
}

const messageOf = (answer: Answer) => (JSON.parse(answer.text) as { message: string }).message;
const item = (i: number, name = `Item ${i}`) => ({ id: `c${i}`, name, description: '', price: 1, isOneTime: i % 2 === 0 });

describe('a quote the lane prices equals the router’s answer, byte for byte', () => {
  it.each<[string, Record<string, unknown>]>([
    ['Advanced by area: add-ons (one setup fee waived), one-time and recurring items, four discounts, 24 months, annually', advancedQuote],
    ['Entry by users: 250 users with the per-user discount, 12 months, monthly', entryByUsersQuote],
    [
      'Ultimate by area at three locations: add-ons as plain ids and objects, 3-year and multi-site discounts, 36 months, quarterly',
      {
        packageId: 3,
        pricingModel: 'sqm',
        squareMeters: 6000,
        locations: 3,
        addOns: [1, 4, 6, { id: 8, waiveSetupFee: true }],
        customItems: [{ id: 'hw', name: 'Hardware installation', isOneTime: true, price: '1250.00' }],
        selectedDiscountIds: [2, 3, 7],
        contractDuration: 36,
        paymentFrequency: 'quarterly',
      },
    ],
    [
      'Advanced by users with numbers as text, every setup fee waived, 24 months, monthly',
      {
        packageId: '2',
        pricingModel: 'user',
        userCount: '45',
        locations: '1',
        addOns: [
          { id: '3', waiveSetupFee: true },
          { id: 8, waiveSetupFee: true },
        ],
        customItems: [{ id: 'r', name: 'Monthly report', isOneTime: false, price: 19.99 }],
        selectedDiscountIds: [1, 5],
        contractDuration: '24',
        paymentFrequency: 'monthly',
      },
    ],
    ['only a package', { packageId: 1 }],
    [
      'custom items named in other scripts (the answer echoes them)',
      {
        packageId: 2,
        customItems: [
          { id: 'ü', name: 'Überstunden – 5 €', description: 'Ärger „vermeiden“ 🚀', isOneTime: false, price: 5 },
          { name: '€'.repeat(200), price: 1, isOneTime: true },
        ],
      },
    ],
    [`${QUOTE_MAX_CUSTOM_ITEMS} custom items, the most a quote may hold`, { packageId: 1, customItems: Array.from({ length: QUOTE_MAX_CUSTOM_ITEMS }, (_, i) => item(i)) }],
  ])('%s', async (_name, form) => {
    const answer = await expectPriced({ body: form });
    expect(header(answer, 'content-type')).toEqual(['application/json']);
    expect(header(answer, 'cache-control')).toEqual(['no-store']);
    expect(header(answer, 'set-cookie')).toEqual([]);
    expect(JSON.parse(answer.text)).toHaveProperty('total');
  });

  it('the figures are the engine’s (the first form, as tests/integration/quote-api.test.ts prices it)', async () => {
    const q = JSON.parse((await expectPriced()).text) as Record<string, unknown>;
    expect(q).toMatchObject({ packageName: 'Advanced', subtotal: 4171.5, totalDiscounts: 258.58, total: 3912.92, oneTimeCosts: 2299, tcv: 96209.08 });
  });

  it('a loose form is normalised, not refused: negative area, unknown pricing model, discount, add-on and a bad price', async () => {
    const answer = await expectPriced({
      body: {
        packageId: 2,
        pricingModel: 'per-desk',
        squareMeters: -50,
        locations: 0,
        addOns: [999, 'x', null],
        customItems: [{ name: 'Überstunden – 5 €', price: 'zwölf', isOneTime: true }, 'not an item'],
        selectedDiscountIds: [999],
        contractDuration: 7,
        paymentFrequency: 'weekly',
      },
    });
    expect(JSON.parse(answer.text)).toMatchObject({ sqmPrice: 0, discounts: [], customItems: [], contractDuration: 12 });
  });

  it('the headers a browser sends with it: Origin of the app, Sec-Fetch-Site same-origin, JSON with a charset, other cookies', async () => {
    await expectPriced({
      headers: {
        origin: new URL(APP_URL).origin,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json; charset=utf-8',
        cookie: `theme=dark; ${cookie}; lang=de`,
        accept: '*/*',
      },
    });
    // The Host compared as URL.host spells it; X-Forwarded-Host is not read without TRUST_PROXY.
    await expectPriced({ headers: { host: 'LOCALHOST:3000' } });
    await expectPriced({ headers: { 'x-forwarded-host': 'evil.example' } });
  });

  it('a body of exactly 1 MiB (Content-Length at the limit)', async () => {
    const form = JSON.stringify({ packageId: 1, squareMeters: 100 });
    const body = form + ' '.repeat(MAX_BODY_BYTES - form.length);
    expect(encoder.encode(body).byteLength).toBe(MAX_BODY_BYTES);
    await expectPriced({ body });
  });
});

describe('every failure answers exactly as the router alone', () => {
  describe('handed over after the body was read, as the same request', () => {
    it.each<[string, Send, number, string]>([
      ['an empty body (the router reads it as {})', { body: '' }, 400, 'Selected package not found'],
      ['a body of white space', { body: ' \n\t ' }, 400, 'Selected package not found'],
      ['{}', { body: {} }, 400, 'Selected package not found'],
      ['invalid JSON', { body: '{"packageId": 1,' }, 400, 'The request body is not valid JSON'],
      ['a JSON array', { body: [advancedQuote] }, 400, 'The request body must be a JSON object'],
      ['a JSON string', { body: '"quote"' }, 400, 'The request body must be a JSON object'],
      ['JSON null', { body: 'null' }, 400, 'The request body must be a JSON object'],
      ['an unknown package', { body: { ...advancedQuote, packageId: 999 } }, 400, 'Selected package not found'],
      ['a package id that is text', { body: { ...advancedQuote, packageId: 'two' } }, 400, 'Selected package not found'],
      [
        'too many custom items',
        { body: { packageId: 1, customItems: Array.from({ length: QUOTE_MAX_CUSTOM_ITEMS + 1 }, (_, i) => item(i)) } },
        400,
        'A quote can have at most 200 custom items',
      ],
      ['too many add-ons', { body: { packageId: 1, addOns: Array.from({ length: 201 }, () => 1) } }, 400, 'A quote can have at most 200 add-ons'],
      ['too many discounts', { body: { packageId: 1, selectedDiscountIds: Array.from({ length: 201 }, (_, i) => i) } }, 400, 'A quote can have at most 200 discounts'],
      ['a custom item name too long', { body: { packageId: 1, customItems: [item(1, 'n'.repeat(201))] } }, 400, 'Custom item names must be at most 200 characters'],
    ])('%s', async (_name, send, status, message) => {
      const answer = await expectHandedOver(send, status);
      expect(messageOf(answer)).toBe(message);
      expect(header(answer, 'cache-control')).toEqual(['no-store']);
    });

    it('a schema failure names its field in the issues', async () => {
      const answer = await expectHandedOver({ body: { packageId: 1, customItems: [item(1, 'x'), { name: 'y'.repeat(201), price: 1 }] } }, 400);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'customItems.1.name' }] });
    });

    it.each([
      ['not a token', 'session=not-a-token'],
      ['an unknown token', `session=${'a'.repeat(32)}`],
      ['a token of the wrong length', `session=${'a'.repeat(31)}`],
    ])('a bad cookie (%s): 401, and the router clears it', async (_name, bad) => {
      const answer = await expectHandedOver({ headers: { cookie: bad } }, 401);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(header(answer, 'set-cookie')).toEqual([expect.stringMatching(/^session=; Max-Age=0;/)]);
    });

    it('a bad cookie with a bad body: the body is read first (400), as the router’s order has it', async () => {
      await expectHandedOver({ body: '{', headers: { cookie: `session=${'a'.repeat(32)}` } }, 400);
    });
  });

  describe('the body’s bytes survive the hand-over', () => {
    it('non-ASCII text in a refused form: the same 400', async () => {
      const form = { ...advancedQuote, packageId: 999, customItems: [{ id: 'ü', name: 'Überstunden – 5 €', price: 'zwölf €', isOneTime: false }] };
      const answer = await expectHandedOver({ body: form }, 400);
      expect(messageOf(answer)).toBe('Selected package not found');
    });

    it('a name of 67 “€” (67 characters, 201 bytes) is within the limit after the hand-over too', async () => {
      // Read as bytes, the name would be 201 characters long and refused by the schema instead.
      const answer = await expectHandedOver({ body: { packageId: 999, customItems: [{ name: '€'.repeat(67), price: 1 }] } }, 400);
      expect(messageOf(answer)).toBe('Selected package not found');
    });

    it('bytes that are not UTF-8', async () => {
      const body = new Uint8Array([...encoder.encode('{"packageId":999,"customItems":[{"name":"'), 0xff, 0xc3, ...encoder.encode('","price":1}]}')]);
      await expectHandedOver({ body }, 400);
    });

    it('byte order marks: one is dropped by every reader; after that, the router’s answer whoever decodes', async () => {
      // How many leading marks a Request's text() drops depends on its class (Node 20's fetch: two; @hono/node-server's
      // request and the Encoding standard: one — see the real-HTTP part). The lane judges the text the request itself
      // gives, and the router is handed that very text: the answers are equal either way.
      const bom = [0xef, 0xbb, 0xbf];
      const json = encoder.encode(JSON.stringify(advancedQuote));
      await expectPriced({ body: new Uint8Array([...bom, ...json]) });
      for (const body of [[...bom, ...bom, ...json], [...bom, ...bom, ...bom, ...json], [...bom, 0x20], [...bom, ...bom], [...bom, 0x20, ...bom, ...json]]) {
        const { route, answer } = await threeWays({ body: new Uint8Array(body) });
        expect(route).toBe(answer.status === 200 ? 'priced by the lane' : 'handed over');
      }
    });
  });

  it('a body that fails while it is read: the router’s 500', async () => {
    const failing = (): Request => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) controller.error(new Error('connection reset'));
          else controller.enqueue(encoder.encode('{"packageId":'));
          sent = true;
        },
      });
      return new Request(APP_URL + PATH, { method: 'POST', headers: headersOf({}, new Uint8Array(30)), body, duplex: 'half' } as RequestInit);
    };
    const router = await answerOf(await routerOnly.fetch(failing()));
    expect(router.status).toBe(500);
    const direct = lane(failing(), undefined);
    expect(direct).toBeInstanceOf(Promise);
    expect(await answerOf(await direct!)).toEqual(router);
    expect(await answerOf(await t.app.fetch(failing()))).toEqual(router);
  });

  describe('not taken (the request goes to the router untouched)', () => {
    it('no cookie: 401', async () => {
      const answer = await expectNotTaken({ headers: { cookie: null } }, 401);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'UNAUTHORIZED' });
      await expectNotTaken({ headers: { cookie: 'theme=dark' } }, 401);
    });

    it('no cookie and a bad body: sign-in comes after the body (400)', async () => {
      await expectNotTaken({ body: '[1]', headers: { cookie: null } }, 400);
    });

    it.each([
      ['text/plain', 'text/plain'],
      ['a form', 'application/x-www-form-urlencoded'],
      ['JSON-like', 'application/json-patch+json'],
    ])('a Content-Type of %s: 415', async (_name, type) => {
      const answer = await expectNotTaken({ headers: { 'content-type': type } }, 415);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('no Content-Type with a body: 415; with none and no body: the router prices {}', async () => {
      await expectNotTaken({ headers: { 'content-type': null } }, 415);
      await expectNotTaken({ body: null, headers: { 'content-type': null } }, 400);
    });

    it('an Origin of another site, and Sec-Fetch-Site cross-site or same-site: 403', async () => {
      const refused: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
      for (const headers of refused) {
        const answer = await expectNotTaken({ headers }, 403);
        expect(messageOf(answer)).toBe('Cross-site request refused');
      }
    });

    it('a Content-Length over 1 MiB: 413', async () => {
      const answer = await expectNotTaken({ headers: { 'content-length': String(MAX_BODY_BYTES + 1) } }, 413);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      await expectNotTaken({ headers: { 'content-length': '99999999999' } }, 413);
    });

    it('a body over 1 MiB without a Content-Length: 413', async () => {
      await expectNotTaken({ body: ' '.repeat(MAX_BODY_BYTES + 1), headers: { 'content-length': null } }, 413);
    });

    it('no Content-Length, or one that is not a number: the router reads and prices it', async () => {
      await expectNotTaken({ headers: { 'content-length': null } }, 200);
      await expectNotTaken({ headers: { 'content-length': 'many' } }, 200);
    });

    it('a Host that is not APP_URL’s: 403 Unknown host', async () => {
      const answer = await expectNotTaken({ headers: { host: 'evil.example' } }, 403);
      expect(messageOf(answer)).toBe('Unknown host');
    });

    it.each<[string, Send, number]>([
      ['a query string', { path: '/api/quote?x=1' }, 200],
      ['an empty query string', { path: '/api/quote?' }, 200],
      ['a trailing slash', { path: '/api/quote/' }, 404],
      ['another case', { path: '/API/quote' }, 404],
      ['a percent-encoded path', { path: '/api/%71uote' }, 200],
      ['GET', { method: 'GET' }, 404],
      ['PUT', { method: 'PUT' }, 404],
      ['PATCH', { method: 'PATCH' }, 404],
    ])('%s', async (_name, send, status) => {
      await expectNotTaken(send, status);
    });
  });
});

describe('never stale', () => {
  const basePriceOf = (answer: Answer) => (JSON.parse(answer.text) as { basePrice: number }).basePrice;
  const form = { body: { packageId: 1, squareMeters: 100 } };

  it('an admin’s change to a package’s base price shows in the next fast quote', async () => {
    const admin = new TestClient(routerOnly);
    admin.cookie = await pair.signIn(ADMIN.email, ADMIN.password);
    await pair.warm();
    expect(basePriceOf(await expectPriced(form))).toBe(99);
    expect((await admin.patch('/api/packages/1', { basePrice: 123.45 })).status).toBe(200);
    expect(basePriceOf(await expectPriced(form))).toBe(123.45);
    // A raw write on the server's own connection, outside any service.
    t.db.$client.prepare('UPDATE packages SET base_price_cents = ? WHERE id = 1').run(11100);
    expect(basePriceOf(await expectPriced(form))).toBe(111);
  });

  it('a change by another connection: the first quote after it is the router’s, with the new price', async () => {
    const other = new Database(t.config.databasePath);
    try {
      other.prepare('UPDATE packages SET base_price_cents = ? WHERE id = 1').run(9900);
    } finally {
      other.close();
    }
    // The session cache cannot vouch after another connection's commit: the router answers (and checks again).
    expect(basePriceOf(await expectHandedOver(form, 200))).toBe(99);
    expect(basePriceOf(await expectPriced(form))).toBe(99);
  });

  it('a session ended by another connection: 401', async () => {
    const mine = await pair.signIn();
    await expectPriced({ headers: { cookie: mine } });
    const other = new Database(t.config.databasePath);
    try {
      other.prepare('DELETE FROM sessions WHERE id = ?').run(hashToken(mine.split('=')[1]!));
    } finally {
      other.close();
    }
    const answer = await expectHandedOver({ headers: { cookie: mine } }, 401);
    expect(header(answer, 'set-cookie')).toEqual([expect.stringMatching(/^session=; Max-Age=0;/)]);
    await expectHandedOver({ headers: { cookie: mine } }, 401);
    await pair.warm();
  });
});

describe('the request log', () => {
  it('one line per request, priced or handed over, like the router’s, with no body or cookie text', async () => {
    const { app: logged, lines } = await createLoggedApp(t);
    const { app: routedLogged, lines: routedLines } = await createLoggedApp(t, { fastLane: false });
    await pair.warm();
    const secretName = 'Überstunden – 5 €';

    const cases: [string, Send, Route, number, number | null][] = [
      ['priced', { body: { ...advancedQuote, customItems: [{ name: secretName, price: 5 }] } }, 'priced by the lane', 200, userId],
      ['not JSON', { body: `{"name":"${secretName}"` }, 'handed over', 400, userId],
      ['an unknown package', { body: { packageId: 999, customItems: [{ name: secretName, price: 5 }] } }, 'handed over', 400, userId],
      ['a schema failure', { body: { packageId: 1, customItems: [item(1, secretName.repeat(20))] } }, 'handed over', 400, userId],
      ['an unknown session', { headers: { cookie: `session=${'a'.repeat(32)}` } }, 'handed over', 401, null],
      ['no cookie', { headers: { cookie: null } }, 'not taken', 401, null],
      ['a wrong Content-Type', { headers: { 'content-type': 'text/plain' } }, 'not taken', 415, null],
    ];
    for (const [name, send, route, status, user] of cases) {
      expect((await threeWays(send)).route, name).toBe(route);
      lines.length = 0;
      routedLines.length = 0;
      expect((await logged.fetch(requestOf(send))).status, name).toBe(status);
      expect((await routedLogged.fetch(requestOf(send))).status, name).toBe(status);
      expect(lines, name).toHaveLength(1);
      expect(routedLines, name).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as RequestLine;
      expect(line, name).toMatchObject({ level: 30, msg: 'request', method: 'POST', path: PATH, status, userId: user });
      expect(typeof line.ms).toBe('number');
      const { ms: _a, time: _b, ...same } = line;
      const { ms: _c, time: _d, ...routedSame } = JSON.parse(routedLines[0]!) as RequestLine;
      expect(same, name).toEqual(routedSame);
      expect(Object.keys(line).sort()).toEqual(['level', 'method', 'ms', 'msg', 'path', 'status', 'time', 'userId']);
      for (const secret of [cookie, cookie.split('=')[1]!, 'a'.repeat(32), 'cookie', 'session', 'Überstunden', 'packageId', 'customItems']) {
        expect(lines[0], name).not.toContain(secret);
      }
    }
  });
});

describe('over real HTTP (the lane reads Node’s parsed headers and body)', () => {
  const servers = createServers();
  let ports: { app: number; router: number; recorded: number; node: number };
  let routes: Route[] = [];
  /** What reached the adapter behind the Node lane (nothing: the lane priced it). */
  let adapterSaw: Route[] = [];

  beforeAll(async () => {
    ports = {
      // as the process serves it: the quote lane on Node's request, in front of the adapter and app.fetch
      app: await servers.listenApp(t.app, t.services),
      router: await servers.listen(routerOnly.fetch),
      // The lane in front of the router as app.ts puts it, noting what it did with each request.
      recorded: await servers.listen(async (req, env) => {
        handedOver.length = 0;
        const answer = lane(req, env);
        if (answer === undefined) {
          routes.push('not taken');
          return routerOnly.fetch(req, env as never);
        }
        const res = await answer;
        routes.push(handedOver.length === 0 ? 'priced by the lane' : 'handed over');
        return res;
      }),
      // The Node lane in front of the adapter and the router alone, noting what it passed on.
      node: await servers.listenNode(
        createNodePostLane(t.services, (req, res) => {
          adapterSaw.push('rawBody' in req ? 'handed over' : 'not taken');
          void getRequestListener(routerOnly.fetch)(req, res);
        }),
      ),
    };
  });
  afterAll(() => servers.close());

  interface Post {
    headers?: Record<string, string | string[]>;
    body?: string | Uint8Array;
    /** Sent in two chunks with Transfer-Encoding: chunked and no Content-Length. */
    chunked?: boolean;
  }

  function post(port: number, { headers = {}, body = JSON.stringify(advancedQuote), chunked = false }: Post): Promise<Wire> {
    const bytes = bytesOf(body);
    const sent: Record<string, string | string[]> = { host: APP_HOST, cookie, 'content-type': 'application/json', ...headers };
    if (chunked) sent['transfer-encoding'] = 'chunked';
    else sent['content-length'] = String(bytes.byteLength);
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: PATH, method: 'POST', headers: sent }, (res) => resolve(readWire(res)));
      req.on('error', reject);
      if (chunked) {
        const half = Math.floor(bytes.byteLength / 2);
        req.write(bytes.subarray(0, half));
        setTimeout(() => req.end(bytes.subarray(half)), 5);
      } else req.end(bytes);
    });
  }

  /** The answers of the three servers (equal), and what the lane did. */
  async function overHttp(send: Post): Promise<{ answer: Wire; route: Route }> {
    routes = [];
    adapterSaw = [];
    const app = await post(ports.app, send);
    const router = await post(ports.router, send);
    const recorded = await post(ports.recorded, send);
    const node = await post(ports.node, send);
    expect(app).toEqual(router);
    expect(recorded).toEqual(router);
    expect(node).toEqual(router);
    expect(routes).toHaveLength(1);
    // the Node lane decides as the fetch lane does
    expect(adapterSaw.length === 0 ? 'priced by the lane' : adapterSaw).toEqual(routes[0] === 'priced by the lane' ? routes[0] : [routes[0]]);
    return { answer: router, route: routes[0]! };
  }

  it('a priced quote: the router’s status, header lines and body', async () => {
    await pair.warm();
    const { answer, route } = await overHttp({});
    expect(route).toBe('priced by the lane');
    expect(answer.status).toBe(200);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.headers).toContain('cache-control: no-store');
    expect(JSON.parse(answer.body)).toMatchObject({ total: 3912.92 });
  });

  it('a quote with non-ASCII text, and the cookie among several Cookie headers', async () => {
    const body = JSON.stringify({ packageId: 2, customItems: [{ name: 'Überstunden – 5 €', price: 5 }] });
    const { answer, route } = await overHttp({ body, headers: { cookie: ['a=b', cookie] } });
    expect(route).toBe('priced by the lane');
    expect(JSON.parse(answer.body)).toMatchObject({ customItems: [{ name: 'Überstunden – 5 €' }] });
  });

  it.each<[string, Post, number]>([
    ['an unknown package', { body: JSON.stringify({ ...advancedQuote, packageId: 999 }) }, 400],
    ['invalid JSON', { body: '{"packageId":' }, 400],
    ['a refused form with non-ASCII text', { body: JSON.stringify({ packageId: 999, customItems: [{ name: 'Überstunden – 5 €', price: 'x' }] }) }, 400],
    ['two byte order marks', { body: new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, ...encoder.encode(JSON.stringify(advancedQuote))]) }, 400],
    ['bytes that are not UTF-8', { body: new Uint8Array([...encoder.encode('{"packageId":999,"x":"'), 0xff, 0xfe, ...encoder.encode('"}')]) }, 400],
    ['an unknown session', { headers: { cookie: `session=${'a'.repeat(32)}` } }, 401],
  ])('hands %s over: the router’s answer', async (_name, send, status) => {
    const { answer, route } = await overHttp(send);
    expect(route).toBe('handed over');
    expect(answer.status).toBe(status);
  });

  it.each<[string, Post, number]>([
    ['a chunked body without Content-Length', { chunked: true }, 200],
    ['a chunked body that is not JSON', { chunked: true, body: '{"packageId": 1,' }, 400],
    ['a chunked body over 1 MiB', { chunked: true, body: ' '.repeat(MAX_BODY_BYTES + 10) }, 413],
    ['no cookie', { headers: { cookie: [] } }, 401],
    ['an unknown host', { headers: { host: 'evil.example' } }, 403],
    ['a cross-site request', { headers: { 'sec-fetch-site': 'cross-site' } }, 403],
    ['a text/plain body', { headers: { 'content-type': 'text/plain' } }, 415],
  ])('does not take %s: the router’s answer', async (_name, send, status) => {
    const { answer, route } = await overHttp(send);
    expect(route).toBe('not taken');
    expect(answer.status).toBe(status);
  });
  it('a client that goes away in the middle of its body: one log line, as the router writes it', async () => {
    const logged = await createLoggedApp(t);
    const routedLogged = await createLoggedApp(t, { fastLane: false });
    const logs = { app: logged.lines, router: routedLogged.lines };
    await pair.warm();
    /** Sends half a body, hangs up, and waits for the server's log line (and a little longer, for a second one). */
    const abort = (port: number, lines: string[]) =>
      new Promise<void>((resolve) => {
        const headers = { host: APP_HOST, cookie, 'content-type': 'application/json', 'content-length': '1000' };
        const req = http.request({ host: '127.0.0.1', port, path: PATH, method: 'POST', headers });
        req.on('error', () => {}); // the socket is destroyed on purpose
        req.write('{"packageId": 1, ', () => setTimeout(() => req.destroy(), 20));
        const started = Date.now();
        const poll = setInterval(() => {
          if (lines.length === 0 && Date.now() - started < 2000) return;
          clearInterval(poll);
          setTimeout(resolve, 50);
        }, 10);
      });
    await abort(await servers.listen(routedLogged.app.fetch), logs.router);
    await abort(await servers.listenApp(logged.app, t.services, logged.logger), logs.app);
    expect(logs.router).toHaveLength(1);
    expect(logs.app).toHaveLength(1);
    const strip = (line: string) => {
      const { ms: _ms, time: _time, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return rest;
    };
    expect(strip(logs.app[0]!)).toEqual(strip(logs.router[0]!));
    expect(strip(logs.app[0]!)).toMatchObject({ level: 50, method: 'POST', path: PATH, status: 500, userId });
  });
});

// Last: moves the shared clock, so every session made above becomes due for a refresh.
describe('a session due for its refresh', () => {
  it('is handed to the router, which writes the refresh once and answers its Set-Cookie', async () => {
    const sqlite = t.db.$client;
    sqlite.exec(`CREATE TEMP TABLE refresh_writes (session_id TEXT NOT NULL);
      CREATE TEMP TRIGGER count_refresh_writes AFTER UPDATE OF expires_at ON sessions BEGIN
        INSERT INTO refresh_writes VALUES (NEW.id);
      END;`);
    const writesOf = (c: string) =>
      sqlite.prepare('SELECT count(*) FROM refresh_writes WHERE session_id = ?').pluck().get(hashToken(c.split('=')[1]!)) as number;
    const expiresOf = (c: string) => sqlite.prepare('SELECT expires_at FROM sessions WHERE id = ?').pluck().get(hashToken(c.split('=')[1]!)) as number;
    /** An answer with the token of its Set-Cookie blanked: sessions refreshed alike answer alike. */
    const sameToken = (a: Answer) => ({ ...a, headers: a.headers.map(([n, v]) => [n, v.replace(/^session=[a-z2-7]+;/, 'session=TOKEN;')]) });

    const [viaApp, viaRouter, viaLane] = [await pair.signIn(), await pair.signIn(), await pair.signIn()];
    t.clock.advance(2 * DAY);
    const refreshed = t.clock.now().getTime() + 30 * DAY;

    const router = await answerOf(await routerOnly.fetch(requestOf({ headers: { cookie: viaRouter } })));
    expect(router.status).toBe(200);
    handedOver.length = 0;
    const direct = lane(requestOf({ headers: { cookie: viaLane } }), undefined);
    expect(direct).toBeInstanceOf(Promise);
    const fast = await answerOf(await direct!);
    expect(handedOver).toHaveLength(1);
    const app = await answerOf(await t.app.fetch(requestOf({ headers: { cookie: viaApp } })));

    expect(sameToken(app)).toEqual(sameToken(router));
    expect(sameToken(fast)).toEqual(sameToken(router));
    expect(header(app, 'set-cookie')).toEqual([`${viaApp}; Path=/; Expires=${new Date(refreshed).toUTCString()}; HttpOnly; SameSite=Lax`]);
    expect(header(fast, 'set-cookie')).toEqual([`${viaLane}; Path=/; Expires=${new Date(refreshed).toUTCString()}; HttpOnly; SameSite=Lax`]);
    for (const c of [viaApp, viaRouter, viaLane]) {
      expect(writesOf(c)).toBe(1);
      expect(expiresOf(c)).toBe(refreshed);
    }

    // Refreshed once: the next quotes are priced by the lane again, set no cookie, and write nothing.
    t.clock.advance(MINUTE);
    await pair.warm(viaApp);
    for (let i = 0; i < 3; i++) {
      const again = await expectPriced({ headers: { cookie: viaApp } });
      expect(header(again, 'set-cookie')).toEqual([]);
    }
    expect(writesOf(viaApp)).toBe(1);
    expect(expiresOf(viaApp)).toBe(refreshed);
    sqlite.exec('DROP TRIGGER temp.count_refresh_writes; DROP TABLE temp.refresh_writes;');
  });
});
