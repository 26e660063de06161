// "No input, however malformed, produces a 500" (CONTRACT §3): random JSON bodies and odd ids against every
// documented route, as an admin (who may call them all), an ordinary user and an anonymous client.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

type Body = Record<string, unknown>;
const quote = { packageId: 1, pricingModel: 'sqm', squareMeters: 500, userCount: 20, locations: 2, addOns: [{ id: 1, waiveSetupFee: true }], customItems: [{ id: 'a', name: 'Training', isOneTime: true, price: 100 }], selectedDiscountIds: [1, 6], contractDuration: 24, paymentFrequency: 'annually' };
const { selectedDiscountIds, ...configurationFields } = quote;
const configuration = { ...configurationFields, name: 'Fuzz', discountIds: selectedDiscountIds };

/** Each route with a valid body: the property corrupts one field of it, or sends something else entirely. */
const routes: [method: string, path: string, valid: Body][] = [
  ['POST', '/api/login', { username: 'demo@example.com', password: 'Wrong12345' }],
  ['POST', '/api/register', { username: 'f@x.io', email: 'f@x.io', firstname: 'Fu', lastname: 'Zz', companyName: 'Fz', password: 'Fuzz12345' }],
  ['PATCH', '/api/user/profile', { username: 'fuzzer', firstname: 'F', lastname: 'Z', companyName: 'C' }],
  ['POST', '/api/password-reset/request', { email: 'demo@example.com' }],
  ['POST', '/api/password-reset/reset', { token: 'abcdefghijklmnopqrstuvwxyz234567', newPassword: 'Fuzz12345' }],
  ['POST', '/api/quote', quote],
  ['POST', '/api/configurations', configuration],
  ['PATCH', '/api/configurations/:id', configuration],
  ['POST', '/api/packages', { name: 'Fuzz', description: '', basePrice: '10', setupFee: 0, extraLocationPrice: '1.5' }],
  ['PATCH', '/api/packages/:id', { name: 'Fuzz', basePrice: '12.34' }],
  ['POST', '/api/packages/:id/pricetiers', { minSqm: 100000, maxSqm: null, pricePerSqm: '1.00' }],
  ['PUT', '/api/packages/:id/pricetiers', { tiers: [{ minSqm: 0, maxSqm: 99, pricePerSqm: '3' }, { minSqm: 100, maxSqm: null, pricePerSqm: '2' }] }],
  ['PATCH', '/api/packages/:id/pricetiers/:id', { pricePerSqm: '2.75' }],
  ['POST', '/api/packages/:id/user-price-tiers', { minUsers: 100000, maxUsers: null, pricePerUser: '5' }],
  ['PUT', '/api/packages/:id/user-price-tiers', { tiers: [{ minUsers: 1, maxUsers: null, pricePerUser: '9' }] }],
  ['PATCH', '/api/packages/:id/user-price-tiers/:id', { pricePerUser: '11' }],
  ['POST', '/api/addons', { name: 'Fuzz', categoryId: 1, setupFee: '1', monthlyFee: '2' }],
  ['PATCH', '/api/addons/:id', { availableForPackages: [1, 2] }],
  ['POST', '/api/addon-categories', { name: 'Fuzz', icon: 'gear', allowsMultipleSelection: true }],
  ['PATCH', '/api/addon-categories/:id', { name: 'Fuzzed' }],
  ['POST', '/api/discounts', { name: 'Fuzz', type: 'fixed', value: '5', conditions: [{ type: 'package', operator: 'in', value: [1, 2] }] }],
  ['PATCH', '/api/discounts/:id', { value: 7 }],
  ['POST', '/api/admin/users', { username: 'fz', email: 'fz@x.io', firstname: 'F', lastname: 'Z', companyName: 'C', password: 'Fuzz12345', isAdmin: false }],
  ['PATCH', '/api/admin/users/:id', { companyName: 'Fuzz BV' }],
  ['POST', '/api/admin/users/:id/reset-link', { reason: 'fuzz' }],
];

const ids = fc.constantFrom('1', '1', '2', '3', '0', '-1', 'abc', '99999999999999999999', '1.5', '%20');

/** Bodies shaped like the real ones, with every field replaced by something random. */
const fieldNames = [
  'username', 'email', 'password', 'newPassword', 'token', 'firstname', 'lastname', 'companyName', 'name',
  'packageId', 'pricingModel', 'squareMeters', 'userCount', 'locations', 'addOns', 'customItems', 'discountIds',
  'selectedDiscountIds', 'contractDuration', 'paymentFrequency', 'basePrice', 'setupFee', 'extraLocationPrice',
  'features', 'minSqm', 'maxSqm', 'pricePerSqm', 'minUsers', 'maxUsers', 'pricePerUser', 'tiers', 'categoryId',
  'monthlyFee', 'availableForPackages', 'icon', 'allowsMultipleSelection', 'type', 'value', 'conditions', 'isAdmin',
];
const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('', ' ', '1e400', '-0', 'NaN', 'Infinity', '0x10', '１２', '12,50', 'annual', null, [], {}, -1, 1e21, 2 ** 53 + 1, 0.005),
);
const body = (valid: Body) =>
  fc.oneof(
    { arbitrary: fc.tuple(fc.constantFrom(...Object.keys(valid)), junk).map(([k, v]) => JSON.stringify({ ...valid, [k]: v })), weight: 4 },
    { arbitrary: fc.constant(JSON.stringify(valid)), weight: 1 },
    { arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 }).map((o) => JSON.stringify(o)), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 1 },
    { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  );

describe('no request answers 500', () => {
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login(ADMIN.email, ADMIN.password);
    user = await t.login(USER.email, USER.password);
  });
  afterAll(() => t.close());

  it('for random bodies and ids on every route, as admin, user and anonymous', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain((route) => fc.tuple(fc.constant(route), body(route[2]))),
        ids,
        ids,
        fc.constantFrom('admin', 'admin', 'user', 'anon'),
        async ([[method, path], payload], id1, id2, who) => {
        const url = path.replace(':id', id1).replace(':id', id2);
        const client = who === 'admin' ? admin : who === 'user' ? user : t.client();
        const cookie = client.cookie;
        const res = await client.request(method, url, payload, { 'content-type': 'application/json' });
        client.cookie = cookie; // keep the signed-in clients signed in whatever the route did
        statuses.add(res.status);
        expect(res.status, `${method} ${url} ${payload} → ${res.text}`).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body?.message).toBe('string');
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 800) },
    );
    // The property really reached the validators and the success paths, not only the guards.
    for (const status of [200, 201, 400, 401, 403, 404]) expect(statuses.has(status), `saw ${[...statuses]}`).toBe(true);
  });
});
