// Fuzzing the tRPC door: every procedure of appRouter (read from appRouter._def.procedures, so a new procedure is
// fuzzed without touching this file), called over HTTP as the browser's link does — single calls and batches of
// several paths (?batch=1) — with hostile inputs, broken input encodings, the wrong method and unknown paths, as an
// admin, an ordinary user and an anonymous client. Never a 5xx, never an INTERNAL_SERVER_ERROR item, errors in tRPC's
// envelope (or the contract's shape from the guards in front), and a refused call changes no row. A batch of more
// calls than a screen ever needs is refused with a 4xx before any call runs.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/trpc/root';
import { dbFingerprint, expectTrpcErrorShape, hostileObject, hostileValue, oddIds, rowCounts } from '../support/fuzz';
import { ADMIN, createTestApp, USER, type TestApp, type TestClient, type TestResponse } from '../support/test-app';

type Kind = 'query' | 'mutation';
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures)
  .filter(([, p]) => p._def.type === 'query' || p._def.type === 'mutation')
  .map(([path, p]) => ({ path, kind: p._def.type as Kind }));

const quote = {
  packageId: 1,
  pricingModel: 'sqm',
  squareMeters: 500,
  userCount: 20,
  locations: 2,
  addOns: [{ id: 1, waiveSetupFee: true }],
  customItems: [],
  selectedDiscountIds: [1],
  contractDuration: 24,
  paymentFrequency: 'annually',
};
/** Valid inputs for some procedures, so mutations of them reach deep validation and success paths. */
const templates: Record<string, Record<string, unknown>> = {
  // No account has this address: hundreds of fuzzed failures must not lock out the accounts this file signs in with
  // (ten failed logins lock an account for 15 minutes; a run that kept the demo address ten times failed the last test).
  'auth.login': { username: 'fuzz-login@example.com', password: 'Wrong12345' },
  'quote.calculate': quote,
  'configurations.list': { page: 1, sort: 'tcv', direction: 'asc', search: 'a' },
  'configurations.get': { id: 1 },
  'configurations.create': { ...quote, name: 'Fuzz', discountIds: [1], selectedDiscountIds: undefined },
  'admin.packages.update': { id: 1, name: 'Fuzz' },
  'admin.tiers.replace': { packageId: 1, kind: 'unit', tiers: [{ min: 0, max: null, price: '2' }] },
  'admin.addOns.setAvailability': { id: 1, availableForPackages: [1] },
  'admin.categories.create': { name: 'Fuzz', icon: 'gear', allowsMultipleSelection: false },
  'admin.discounts.update': { id: 1, value: 5 },
  'auth.apiKeys.create': { name: 'Fuzz key', scope: 'write' },
  'admin.webhooks.create': { url: 'https://example.com/fuzz', events: ['quote.sent'] },
  'admin.webhooks.update': { id: 1, events: ['quote.accepted'], active: true },
  'admin.catalogue.import': { dryRun: true, catalogue: { version: 1, packages: [], categories: [], addOns: [], discounts: [] } },
};

const input: (path: string) => fc.Arbitrary<unknown> = (path) => {
  const template = templates[path] ?? {};
  const keys = Object.keys(template);
  const options: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.constant(template), weight: 2 },
    { arbitrary: hostileObject.map((o) => ({ ...template, ...o })), weight: 3 },
    { arbitrary: fc.record({ id: fc.oneof(fc.constantFrom(...oddIds), hostileValue, fc.integer()) }), weight: 2 },
    { arbitrary: hostileValue, weight: 1 },
  ];
  if (keys.length > 0)
    options.push({ arbitrary: fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => ({ ...template, [k]: v })), weight: 3 });
  return fc.oneof(...options);
};

let t: TestApp;
let admin: TestClient;
let user: TestClient;
let expendable: number[];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_REGISTER: '0', RATE_LIMIT_RESET: '0' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  user = await t.login(USER.email, USER.password);
  expendable = [];
  for (let i = 0; i < 3; i++) {
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
    expendable.push(res.body.id);
  }
});
afterAll(() => t.closeWhenMailed());

async function settled(): Promise<void> {
  await new Promise((r) => setImmediate(r));
  await t.services.mailer.idle();
}

/** Keeps the demo accounts (whose sessions the run uses) out of the admin's user actions and of sign-outs. */
function protect(path: string, value: unknown): unknown {
  if (!path.startsWith('admin.users.') || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' || /^\d+$/.test(String(v.id)) ? { ...v, id: expendable[Number(v.id) % expendable.length] } : v;
}

const SESSION_CHANGING = new Set(['auth.login', 'auth.logout', 'auth.register']);
/** The procedure paths a raw URL names: `/trpc/a,b?batch=1` → a, b. */
const pathsOf = (url: string) => decodeURIComponent(url.slice('/trpc/'.length).split('?')[0] ?? '').split(',');

const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v) ?? '');

type Shape =
  | { transport: 'single'; path: string; kind: Kind; input: unknown; method: 'right' | 'wrong' }
  | { transport: 'batch'; kind: Kind; calls: { path: string; input: unknown }[] }
  | { transport: 'raw'; method: 'GET' | 'POST'; url: string; body?: string };

function send(client: TestClient, s: Shape): Promise<TestResponse> {
  if (s.transport === 'single') {
    const asQuery = (s.kind === 'query') === (s.method === 'right');
    return asQuery
      ? client.get(`/trpc/${s.path}${s.input === undefined ? '' : `?input=${enc(s.input)}`}`)
      : client.request('POST', `/trpc/${s.path}`, s.input === undefined ? undefined : JSON.stringify(s.input), {
          'content-type': 'application/json',
        });
  }
  if (s.transport === 'batch') {
    const paths = s.calls.map((c) => c.path).join(',');
    const inputs = Object.fromEntries(s.calls.map((c, i) => [String(i), c.input]));
    return s.kind === 'query'
      ? client.get(`/trpc/${paths}?batch=1&input=${enc(inputs)}`)
      : client.request('POST', `/trpc/${paths}?batch=1`, JSON.stringify(inputs), { 'content-type': 'application/json' });
  }
  return client.request(s.method, s.url, s.body, s.body === undefined ? {} : { 'content-type': 'application/json' });
}

const known = new Set(procedures.map((p) => p.path));
const queries = procedures.filter((p) => p.kind === 'query');
const mutations = procedures.filter((p) => p.kind === 'mutation');

const single = fc.constantFrom(...procedures).chain((p) =>
  fc.record({
    transport: fc.constant('single' as const),
    path: fc.constant(p.path),
    kind: fc.constant(p.kind),
    input: input(p.path),
    method: fc.constantFrom('right' as const, 'right' as const, 'right' as const, 'wrong' as const),
  }),
);
const batchOf = (list: typeof procedures, kind: Kind) =>
  fc.record({
    transport: fc.constant('batch' as const),
    kind: fc.constant(kind),
    calls: fc.array(
      fc.constantFrom(...list).chain((p) => fc.record({ path: fc.constant(p.path), input: input(p.path) })),
      { minLength: 2, maxLength: 5 },
    ),
  });
const raw = fc.oneof(
  fc.record({
    transport: fc.constant('raw' as const),
    method: fc.constant('GET' as const),
    url: fc
      .constantFrom(...queries.map((q) => q.path))
      .chain((p) =>
        fc.constantFrom(
          `/trpc/${p}?input=%7B`,
          `/trpc/${p}?input=${enc(1e400)}`,
          `/trpc/${p}?input=%00`,
          `/trpc/${p}?batch=1&input=%5B1%2C2%5D`,
          `/trpc/${p}?batch=1&input=%22x%22`,
          `/trpc/${p}?batch=1`,
          `/trpc/${p},${p}?input=%7B%7D`,
          `/trpc/${p},,${p}?batch=1&input=%7B%7D`,
        ),
      ),
  }),
  fc.record({
    transport: fc.constant('raw' as const),
    method: fc.constant('POST' as const),
    url: fc.constantFrom(...mutations.map((m) => m.path)).chain((p) => fc.constantFrom(`/trpc/${p}`, `/trpc/${p}?batch=1`)),
    body: fc.constantFrom('{', '[]', 'null', '"x"', '{"0":', '{"squareMeters":1e400}', '{"0":{"id":-1e400}}', '\u0000'),
  }),
  fc.record({
    transport: fc.constant('raw' as const),
    method: fc.constantFrom('GET' as const, 'POST' as const),
    url: fc.constantFrom(
      '/trpc/',
      '/trpc/nope',
      '/trpc/admin',
      '/trpc/admin.users',
      '/trpc/__proto__',
      '/trpc/constructor.prototype',
      '/trpc/catalog.packages.x',
      '/trpc/%E2%80%AE',
      '/trpc/a,b?batch=1',
    ),
  }),
);
const shapes: fc.Arbitrary<Shape> = fc.oneof(
  { arbitrary: single, weight: 5 },
  { arbitrary: batchOf(queries, 'query'), weight: 2 },
  { arbitrary: batchOf(mutations, 'mutation'), weight: 2 },
  { arbitrary: raw, weight: 2 },
);

function refused(res: TestResponse): boolean {
  if (res.status >= 400) return true;
  return Array.isArray(res.body) && res.body.every((item: { error?: unknown }) => item?.error !== undefined);
}

describe('fuzzing every tRPC procedure', () => {
  it('enumerates the procedures from the router', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(45);
    expect(procedures.map((p) => p.path)).toEqual(
      expect.arrayContaining(['auth.login', 'configurations.create', 'configurations.list', 'admin.users.delete', 'admin.tiers.replace']),
    );
  });

  it('never answers a 5xx or an internal error, errors are well formed, and refused calls change nothing', async () => {
    const reached = new Set<string>();
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(shapes, fc.constantFrom('admin', 'admin', 'user', 'anon'), async (shape, who) => {
        const paths = shape.transport === 'single' ? [shape.path] : shape.transport === 'batch' ? shape.calls.map((c) => c.path) : pathsOf(shape.url);
        // Signing in, up or out replaces or ends the caller's session: only fresh anonymous clients do those (a raw
        // POST to auth.logout signs out whatever its body, and the ordinary user's calls would all be 401s after it).
        const signsOut = paths.some((p) => SESSION_CHANGING.has(p));
        const client = who === 'anon' || signsOut ? t.client() : who === 'admin' ? admin : user;
        if (shape.transport === 'single') shape = { ...shape, input: protect(shape.path, shape.input) };
        if (shape.transport === 'batch') shape = { ...shape, calls: shape.calls.map((c) => ({ ...c, input: protect(c.path, c.input) })) };
        for (const p of paths) if (known.has(p)) reached.add(p);

        await settled();
        const before = dbFingerprint(t.db);
        const countsBefore = rowCounts(t.db);
        const cookie = client.cookie;
        const res = await send(client, shape);
        client.cookie = cookie;
        statuses.add(res.status);
        const what = `${JSON.stringify(shape).slice(0, 400)} [${who}] → ${res.status} ${res.text.slice(0, 400)}`;

        expect(res.status, what).toBeLessThan(500);
        // The body is JSON whatever the header says: tRPC's own 415 (a POST with no Content-Type) is labelled text/plain.
        expect(typeof res.body, what).toBe('object');
        expect(res.body, what).not.toBeNull();
        expectTrpcErrorShape(res, what);
        if (refused(res)) {
          await settled();
          expect(rowCounts(t.db), `row counts after ${what}`).toEqual(countsBefore);
          expect(dbFingerprint(t.db), `rows after ${what}`).toBe(before);
        }
      }),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 500),
        // Every procedure once with no input (as an admin), so each is reached whatever the random draws are.
        examples: procedures.map((p): [Shape, 'admin'] => [
          { transport: 'single', path: p.path, kind: p.kind, input: undefined, method: 'right' },
          'admin',
        ]),
      },
    );
    expect(reached.size, `procedures reached: ${reached.size} of ${procedures.length}`).toBe(procedures.length);
    for (const status of [200, 400, 401, 403, 404]) expect(statuses.has(status), `saw ${[...statuses]}`).toBe(true);
  });

  it('refuses a batch of more calls than a screen ever needs, before running any of them', async () => {
    const before = dbFingerprint(t.db);
    const calls = Array.from({ length: 50 }, () => 'catalog.packages').join(',');
    const inputs = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [String(i), undefined]));
    const queryBatch = await admin.get(`/trpc/${calls}?batch=1&input=${enc(inputs)}`);
    expect(queryBatch.status, queryBatch.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(queryBatch.status).toBeLessThan(500);
    expectTrpcErrorShape(queryBatch, 'batch of 50 queries');

    const creates = Array.from({ length: 50 }, () => 'configurations.create').join(',');
    const bodies = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [String(i), { ...templates['configurations.create'], name: `Batch ${i}` }]),
    );
    const mutationBatch = await user.request('POST', `/trpc/${creates}?batch=1`, JSON.stringify(bodies), { 'content-type': 'application/json' });
    expect(mutationBatch.status, mutationBatch.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(mutationBatch.status).toBeLessThan(500);
    expect(dbFingerprint(t.db)).toBe(before);

    // A batch the client really sends (a few calls) is served.
    const small = await (await t.login(USER.email, USER.password)).get(`/trpc/catalog.packages,catalog.addOns,auth.me?batch=1&input=${enc({})}`);
    expect(small.status, small.text.slice(0, 300)).toBe(200);
    expect((small.body as unknown[]).length).toBe(3);
  });
});
