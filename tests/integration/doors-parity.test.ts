// One set of rules behind two doors: every REST call answers the same status and the same body as its tRPC
// procedure over HTTP — signed out, bad input, not an admin, and success.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, USER, type TestApp } from '../support/test-app';

let t: TestApp;
const cookies: Record<Who, string | null> = { anonymous: null, user: null, admin: null };
type Who = 'anonymous' | 'user' | 'admin';

beforeAll(async () => {
  t = await createTestApp();
  cookies.user = (await t.login(USER.email, USER.password)).cookie;
  cookies.admin = (await t.login(ADMIN.email, ADMIN.password)).cookie;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  /** Success: the data. Failure: message, code and issues, whichever door's shape they came in. */
  body: unknown;
}

function headers(who: Who, json: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (cookies[who]) h.cookie = cookies[who]!;
  if (json) h['content-type'] = 'application/json';
  return h;
}

async function rest(who: Who, method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await t.app.request(url, {
    method,
    headers: headers(who, body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { message?: string; error?: string; code?: string; issues?: unknown };
  if (res.status >= 400) {
    expect(json.error, 'REST error bodies carry the message twice (docs/PRODUCT.md, the API conventions)').toBe(json.message);
    return { status: res.status, body: { message: json.message, code: json.code, issues: json.issues } };
  }
  return { status: res.status, body: json };
}

async function trpc(who: Who, type: 'query' | 'mutation', path: string, input?: unknown): Promise<Answer> {
  const res =
    type === 'query'
      ? await t.app.request(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
          headers: headers(who, false),
        })
      : await t.app.request(`/trpc/${path}`, { method: 'POST', headers: headers(who, true), body: JSON.stringify(input ?? {}) });
  const json = (await res.json()) as {
    result?: { data: unknown };
    error?: { message: string; data: { code: string; httpStatus: number; issues?: unknown } };
  };
  if (json.error) {
    expect(json.error.data.httpStatus).toBe(res.status);
    return { status: res.status, body: { message: json.error.message, code: json.error.data.code, issues: json.error.data.issues } };
  }
  return { status: res.status, body: json.result!.data };
}

const quote = {
  packageId: 2,
  pricingModel: 'sqm',
  squareMeters: 1200,
  locations: 2,
  addOns: [{ id: 3, waiveSetupFee: true }],
  selectedDiscountIds: [1, 5],
  contractDuration: 24,
  paymentFrequency: 'annually',
};

type Case = [name: string, who: Who, restCall: [string, string, unknown?], trpcCall: ['query' | 'mutation', string, unknown?], status: number];

const cases: Case[] = [];
for (const [url, procedure] of [
  ['/api/packages', 'catalog.packages'],
  ['/api/addons', 'catalog.addOns'],
  ['/api/addon-categories', 'catalog.categories'],
  ['/api/discounts', 'catalog.discounts'],
  ['/api/user', 'auth.me'],
] as const) {
  cases.push([`GET ${url} signed out`, 'anonymous', ['GET', url], ['query', procedure], 401]);
  cases.push([`GET ${url} signed in`, 'user', ['GET', url], ['query', procedure], 200]);
}
for (const who of ['anonymous', 'user', 'admin'] as const) {
  cases.push([`GET /api/auth/check as ${who}`, who, ['GET', '/api/auth/check'], ['query', 'auth.check'], 200]);
}
cases.push([
  'POST /api/verify-email with a bad token',
  'anonymous',
  ['POST', '/api/verify-email', { token: 'nope' }],
  ['mutation', 'auth.verifyEmail', { token: 'nope' }],
  400,
]);
cases.push([
  'POST /api/verify-email/resend signed out',
  'anonymous',
  ['POST', '/api/verify-email/resend'],
  ['mutation', 'auth.resendVerification'],
  401,
]);
cases.push([
  'POST /api/verify-email/resend for a verified account',
  'user',
  ['POST', '/api/verify-email/resend'],
  ['mutation', 'auth.resendVerification'],
  200,
]);
const badQuotes: [string, unknown][] = [
  ['an empty form', {}],
  ['no package', { ...quote, packageId: undefined }],
  ['a package id that is text', { ...quote, packageId: 'two' }],
  ['a package that does not exist', { ...quote, packageId: 999 }],
];
cases.push(['POST /api/quote signed out', 'anonymous', ['POST', '/api/quote', quote], ['mutation', 'quote.calculate', quote], 401]);
cases.push([
  'POST /api/quote signed out with bad input (sign-in is checked first)',
  'anonymous',
  ['POST', '/api/quote', { packageId: 'x' }],
  ['mutation', 'quote.calculate', { packageId: 'x' }],
  401,
]);
for (const [name, body] of badQuotes) {
  cases.push([`POST /api/quote with ${name}`, 'user', ['POST', '/api/quote', body], ['mutation', 'quote.calculate', body], 400]);
}
cases.push(['POST /api/quote priced', 'user', ['POST', '/api/quote', quote], ['mutation', 'quote.calculate', quote], 200]);
// Admin-only procedures (still through the caller on REST): the same 401 / 403 / 400 as the procedure.
const pkg = { name: 'Parity' };
cases.push(['POST /api/packages signed out', 'anonymous', ['POST', '/api/packages', pkg], ['mutation', 'admin.packages.create', pkg], 401]);
cases.push(['POST /api/packages as a non-admin', 'user', ['POST', '/api/packages', pkg], ['mutation', 'admin.packages.create', pkg], 403]);
cases.push([
  'POST /api/packages with a blank name',
  'admin',
  ['POST', '/api/packages', { name: ' ' }],
  ['mutation', 'admin.packages.create', { name: ' ' }],
  400,
]);
cases.push(['GET /api/admin/users as a non-admin', 'user', ['GET', '/api/admin/users'], ['query', 'admin.users.list'], 403]);
cases.push([
  'PATCH /api/addons/1 with a negative fee',
  'admin',
  ['PATCH', '/api/addons/1', { monthlyFee: -1 }],
  ['mutation', 'admin.addOns.update', { id: 1, monthlyFee: -1 }],
  400,
]);

describe('the REST and tRPC doors answer alike', () => {
  it.each(cases)('%s', async (_name, who, [method, url, body], [type, procedure, input], status) => {
    const viaRest = await rest(who, method, url, body);
    const viaTrpc = await trpc(who, type, procedure, input);
    expect(viaRest.status).toBe(status);
    expect(viaTrpc.status).toBe(status);
    expect(viaRest.body).toEqual(viaTrpc.body);
    if (status >= 400) expect((viaRest.body as { message: string }).message).toBeTruthy();
  });

  it('the bad-input answers name the field (the issues are compared above, and are there)', async () => {
    const { body } = await rest('admin', 'POST', '/api/packages', { name: ' ' });
    expect(body).toMatchObject({ code: 'BAD_REQUEST', issues: [expect.objectContaining({ path: 'name' })] });
  });

  it('an admin write succeeds on both doors with equal answers', async () => {
    const viaRest = await rest('admin', 'POST', '/api/addon-categories', { name: 'Parity A' });
    const viaTrpc = await trpc('admin', 'mutation', 'admin.categories.create', { name: 'Parity B' });
    expect(viaRest.status).toBe(201);
    expect(viaTrpc.status).toBe(200);
    const strip = (b: unknown) => ({ ...(b as object), id: 0, name: '' });
    expect(strip(viaRest.body)).toEqual(strip(viaTrpc.body));
  });
});
