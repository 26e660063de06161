// Fuzzing the REST door (docs/PRODUCT.md "The API's conventions": no input, however malformed, produces a 500). Every /api route the app has
// registered — read from the app itself, so a new route is fuzzed without touching this file — gets malformed bodies,
// wrong types, huge/negative/non-finite numbers (also as strings and raw JSON literals), hostile strings and odd ids,
// as an admin, an ordinary user and an anonymous client. Every answer: never a 5xx; an error is the contract's JSON
// shape; and a refused call (4xx) leaves every domain table exactly as it was. Supersedes the former no-500 test.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/server/http/headers';
import { bodyVariants, dbFingerprint, expectErrorShape, oddIds, rowCounts } from '../support/fuzz';
import { ADMIN, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

type Body = Record<string, unknown>;
const quote = {
  packageId: 1,
  pricingModel: 'sqm',
  squareMeters: 500,
  userCount: 20,
  locations: 2,
  addOns: [{ id: 1, waiveSetupFee: true }],
  customItems: [{ id: 'a', name: 'Training', isOneTime: true, price: 100 }],
  selectedDiscountIds: [1, 6],
  contractDuration: 24,
  paymentFrequency: 'annually',
};
const { selectedDiscountIds, ...configurationFields } = quote;
const configuration = { ...configurationFields, name: 'Fuzz', discountIds: selectedDiscountIds };

/** A valid body per write route, so the property also reaches the validators' far ends and the success paths. */
const templates: Record<string, Body> = {
  // No account has this address: fuzzed failures must not lock out the accounts this file signs in with (ten failed
  // logins lock an account for 15 minutes).
  'POST /api/login': { username: 'fuzz-login@example.com', password: 'Wrong12345' },
  'POST /api/register': { username: 'f@x.io', email: 'f@x.io', firstname: 'Fu', lastname: 'Zz', companyName: 'Fz', password: 'Fuzz12345' },
  'PATCH /api/user/profile': { username: 'fuzzer', firstname: 'F', lastname: 'Z', companyName: 'C' },
  'PATCH /api/profile': { firstname: 'F', lastname: 'Z' },
  'POST /api/password-reset/request': { email: 'demo@example.com' },
  'POST /api/password-reset/reset': { token: 'abcdefghijklmnopqrstuvwxyz234567', newPassword: 'Fuzz12345', confirmPassword: 'Fuzz12345' },
  'POST /api/quote': quote,
  'POST /api/quote/pdf': quote,
  'POST /api/configurations': configuration,
  'PATCH /api/configurations/:id': configuration,
  'POST /api/packages': { name: 'Fuzz', description: '', basePrice: '10', setupFee: 0, extraLocationPrice: '1.5' },
  'PATCH /api/packages/:id': { name: 'Fuzz', basePrice: '12.34' },
  'POST /api/packages/:id/pricetiers': { minSqm: 100000, maxSqm: null, pricePerSqm: '1.00' },
  'PUT /api/packages/:id/pricetiers': {
    tiers: [
      { minSqm: 0, maxSqm: 99, pricePerSqm: '3' },
      { minSqm: 100, maxSqm: null, pricePerSqm: '2' },
    ],
  },
  'PATCH /api/packages/:id/pricetiers/:tierId': { pricePerSqm: '2.75' },
  'POST /api/packages/:id/user-price-tiers': { minUsers: 100000, maxUsers: null, pricePerUser: '5' },
  'PUT /api/packages/:id/user-price-tiers': { tiers: [{ minUsers: 1, maxUsers: null, pricePerUser: '9' }] },
  'PATCH /api/packages/:id/user-price-tiers/:tierId': { pricePerUser: '11' },
  'POST /api/addons': { name: 'Fuzz', categoryId: 1, setupFee: '1', monthlyFee: '2' },
  'PATCH /api/addons/:id': { availableForPackages: [1, 2] },
  'POST /api/addon-categories': { name: 'Fuzz', icon: 'gear', allowsMultipleSelection: true },
  'PATCH /api/addon-categories/:id': { name: 'Fuzzed' },
  'POST /api/discounts': { name: 'Fuzz', type: 'fixed', value: '5', conditions: [{ type: 'package', operator: 'in', value: [1, 2] }] },
  'PATCH /api/discounts/:id': { value: 7 },
  'POST /api/admin/users': {
    username: 'fz',
    email: 'fz@x.io',
    firstname: 'F',
    lastname: 'Z',
    companyName: 'C',
    password: 'Fuzz12345',
    isAdmin: false,
  },
  'PATCH /api/admin/users/:id': { companyName: 'Fuzz BV' },
  'POST /api/account/api-keys': { name: 'Fuzz key', scope: 'read' },
  'POST /api/admin/webhooks': { url: 'https://example.com/fuzz', events: ['quote.created', 'catalogue.changed'] },
  'PATCH /api/admin/webhooks/:id': { url: 'https://example.com/fuzz', events: ['quote.sent'], active: false },
  'PUT /api/admin/catalogue': { version: 1, packages: [{ name: 'Fuzz', basePrice: '1' }], categories: [], addOns: [], discounts: [] },
};

const WRITE = new Set(['POST', 'PUT', 'PATCH']);
const SESSION_CHANGING = new Set(['/api/login', '/api/logout', '/api/register']);

/** Lets whatever a call deferred past its answer (the reset mail's lookup and delivery) finish. */
async function settled(): Promise<void> {
  await new Promise((r) => setImmediate(r));
  await t.services.mailer.idle();
}

let t: TestApp;
let admin: TestClient;
let user: TestClient;
let routes: { method: string; path: string }[];
/** Accounts the admin's fuzzed user actions may edit or delete, so the demo sessions stay signed in. */
let expendable: string[];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  user = await t.login(USER.email, USER.password);
  expendable = [];
  for (let i = 0; i < 4; i++) {
    const res = await admin.post('/api/admin/users', {
      username: `spare${i}`,
      email: `spare${i}@x.io`,
      firstname: 'S',
      lastname: 'P',
      companyName: 'C',
      password: 'Spare12345',
      isAdmin: false,
    });
    expect(res.status).toBe(201);
    expendable.push(String(res.body.id));
  }
  const seen = new Set<string>();
  routes = t.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.includes('*'))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
});
afterAll(() => t.closeWhenMailed());

describe('fuzzing every REST route', () => {
  it('finds the documented routes in the app (so the property below covers them all)', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'POST /api/login',
      'GET /api/configurations/:id',
      'POST /api/configurations',
      'PUT /api/packages/:id/pricetiers',
      'DELETE /api/admin/users/:id',
    ]) {
      expect(names).toContain(expected);
    }
    expect(routes.length).toBeGreaterThanOrEqual(45);
  });

  it('never answers a 5xx, errors have the JSON shape, and a refused call changes nothing', async () => {
    const statuses = new Map<string, Set<number>>();
    const idFor = (path: string) =>
      fc.oneof({ arbitrary: fc.constantFrom('1', '2', '3'), weight: 3 }, { arbitrary: fc.constantFrom(...oddIds), weight: 2 }).map((id) =>
        // The admin-users actions act on spare accounts (or odd ids): deleting the signed-in demo accounts would turn
        // the rest of the run into 401s.
        path.startsWith('/api/admin/users/') && /^\d+$/.test(id) ? expendable[Number(id) % expendable.length]! : id,
      );
    const request = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        ids: fc.tuple(idFor(route.path), idFor(route.path)),
        body: WRITE.has(route.method) ? bodyVariants(templates[`${route.method} ${route.path}`]) : fc.constant(undefined),
        contentType: fc.constantFrom(
          'application/json',
          'application/json',
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          undefined,
        ),
        query: fc.constantFrom('', '', '', '?scope=all', '?scope=%00', '?token=x&page=-1', '?a[]=1&a[]=2'),
        who: fc.constantFrom('admin', 'admin', 'user', 'anon'),
      }),
    );

    await fc.assert(
      fc.asyncProperty(request, async ({ route, ids, body, contentType, query, who }) => {
        // Signing in, up or out replaces or ends the caller's session: only fresh anonymous clients do those.
        const client = who === 'anon' || SESSION_CHANGING.has(route.path) ? t.client() : who === 'admin' ? admin : user;
        let i = 0;
        const url = route.path.replace(/:[A-Za-z]+/g, () => ids[i++ % 2]!) + query;
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
        const cookie = client.cookie;
        await settled(); // work an earlier call deferred past its answer (reset mails) is not this call's doing
        const before = dbFingerprint(t.db);
        const countsBefore = rowCounts(t.db);
        const res = await client.request(route.method, url, body, headers);
        client.cookie = cookie;
        const what = `${route.method} ${url} [${who}, ${contentType}] ${String(body).slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`;
        const key = `${route.method} ${route.path}`;
        if (!statuses.has(key)) statuses.set(key, new Set());
        statuses.get(key)!.add(res.status);

        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) {
          expectErrorShape(res, what);
          await settled();
          expect(rowCounts(t.db), `row counts after a refused ${what}`).toEqual(countsBefore);
          expect(dbFingerprint(t.db), `rows after a refused ${what}`).toBe(before);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 500) },
    );
    // The property reached every route, and got past the guards into validators and success paths.
    const all = new Set([...statuses.values()].flatMap((s) => [...s]));
    for (const status of [200, 201, 400, 401, 403, 404]) expect(all.has(status), `saw ${[...all]}`).toBe(true);
    expect(statuses.size, `routes reached: ${statuses.size} of ${routes.length}`).toBeGreaterThanOrEqual(routes.length * 0.9);
  });

  it('answers 413 with the JSON shape for a body over 1 MiB, on the REST and the tRPC door', async () => {
    const big = JSON.stringify({ ...configuration, name: 'x'.repeat(MAX_BODY_BYTES) });
    const before = dbFingerprint(t.db);
    for (const url of ['/api/configurations', '/trpc/configurations.create']) {
      for (const withLength of [true, false]) {
        const headers: Record<string, string> = { 'content-type': 'application/json', cookie: user.cookie! };
        if (withLength) headers['content-length'] = String(Buffer.byteLength(big));
        const res = await t.app.request(url, { method: 'POST', headers, body: big });
        const text = await res.text();
        expect(res.status, `${url} (content-length ${withLength}) → ${text.slice(0, 200)}`).toBe(413);
        expectErrorShape({ status: res.status, body: JSON.parse(text), text, headers: res.headers }, url);
      }
    }
    expect(dbFingerprint(t.db)).toBe(before);
  });
});
