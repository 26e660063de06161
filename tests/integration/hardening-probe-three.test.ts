// The third probe's gaps: share paths send no referrer and HSTS only over https; invisible and format characters are
// refused in every name and free text; validUntil at most a year ahead and an impossible date answered with the
// schema's message; a PDF file name cut between code points; tRPC takes JSON in any letter case; and a user-only REST
// path answers 401 to anyone signed out, whatever id or body they send (the access check comes before the input).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfContentDisposition } from '../../src/server/pdf/format';
import { createRestApi } from '../../src/server/rest';
import { addDays } from '../../src/shared/quote-dates';
import { advancedQuote } from '../support/quote-forms';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, createTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;
let admin: TestClient;

beforeAll(async () => ({ t, admin, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

const today = () => t.clock.now().toISOString().slice(0, 10);
const saveBody = (extra: Record<string, unknown> = {}) => ({ name: 'Probe three', packageId: advancedQuote.packageId, squareMeters: 120, ...extra });

async function sharedToken(): Promise<string> {
  const saved = await user.post('/api/configurations', saveBody());
  const shared = await user.post(`/api/configurations/${saved.body.id}/share`);
  expect(shared.status).toBe(201);
  return (shared.body.url as string).split('/q/')[1]!;
}

describe('headers of share paths and HSTS', () => {
  it('/q/<token> and /api/shared/* answer Referrer-Policy: no-referrer; other paths keep theirs', async () => {
    const token = await sharedToken();
    for (const path of [`/q/${token}`, `/api/shared/${token}`, `/api/shared/${token}/pdf`, '/api/shared/not-a-token']) {
      expect((await t.client().get(path)).headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    const accept = await t.client().post(`/api/shared/${token}/decline`, { reason: 'no' });
    expect(accept.headers.get('referrer-policy')).toBe('no-referrer');
    for (const path of ['/', '/calculator', '/api/auth/check']) {
      expect((await t.client().get(path)).headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('Strict-Transport-Security only when APP_URL is https', async () => {
    for (const path of ['/', '/api/auth/check', '/api/health', '/trpc/auth.check']) {
      expect((await t.client().get(path)).headers.get('strict-transport-security'), path).toBeNull();
    }
    const tls = await createTestApp({ seed: false, env: { APP_URL: 'https://quotes.example.com' } });
    try {
      for (const path of ['/', '/api/auth/check', '/api/health', '/trpc/auth.check', '/api/shared/x']) {
        expect((await tls.client().get(path)).headers.get('strict-transport-security'), path).toBe('max-age=15552000; includeSubDomains');
      }
    } finally {
      tls.close();
    }
  });
});

describe('invisible and format characters', () => {
  const INVISIBLE = [
    ['U+200B zero width space', 'Acme\u200b'],
    ['U+3164 Hangul filler', '\u3164'],
    ['U+115F Hangul choseong filler', 'A\u115f'],
    ['U+1160 Hangul jungseong filler', 'A\u1160'],
    ['U+FFA0 halfwidth Hangul filler', 'A\uffa0'],
    ['U+2800 blank Braille pattern', '\u2800'],
    ['U+E0041 tag letter A', 'Acme\u{e0041}'],
    ['U+E007F cancel tag', 'Acme\u{e007f}'],
    ['U+FEFF byte order mark inside', 'Ac\ufeffme'],
    ['U+00AD soft hyphen', 'Ac\u00adme'],
    ['U+2060 word joiner', 'Ac\u2060me'],
    ['a combining mark alone', '\u0301'],
  ] as const;

  /** Every name and free-text field, each with a request that sends `bad` in it and nothing else wrong. */
  const fields: [string, (bad: string) => Promise<{ status: number; body: any }>][] = [
    ['configuration name', (bad) => user.post('/api/configurations', saveBody({ name: bad }))],
    ['customer company', (bad) => user.post('/api/configurations', saveBody({ customerCompany: bad }))],
    ['contact name', (bad) => user.post('/api/configurations', saveBody({ customerName: bad }))],
    ['saved custom item name', (bad) => user.post('/api/configurations', saveBody({ customItems: [{ name: bad, price: 5 }] }))],
    ['saved custom item description', (bad) => user.post('/api/configurations', saveBody({ customItems: [{ name: 'x', description: bad, price: 5 }] }))],
    ['unsaved quote item name', (bad) => user.post('/api/quote', { ...advancedQuote, customItems: [{ id: 'a', name: bad, price: 5 }] })],
    ['unsaved quote PDF item description', (bad) => user.post('/api/quote/pdf', { ...advancedQuote, customItems: [{ id: 'a', name: 'x', description: bad, price: 5 }] })],
    ['profile first name', (bad) => user.patch('/api/profile', { firstname: bad })],
    ['profile company', (bad) => user.patch('/api/profile', { companyName: bad })],
    ['username', (bad) => user.patch('/api/profile', { username: bad.repeat(3) })],
    ['registration last name', (bad) => t.client().post('/api/register', { username: 'inv@example.org', email: 'inv@example.org', firstname: 'Jo', lastname: bad, companyName: 'Acme', password: 'Secret123' })],
    ['admin: user first name', (bad) => admin.post('/api/admin/users', { username: 'inv2@example.org', email: 'inv2@example.org', firstname: bad, lastname: 'Li', companyName: 'Acme', password: 'Secret123', isAdmin: false })],
    ['package name', (bad) => admin.post('/api/packages', { name: bad })],
    ['package description', (bad) => admin.post('/api/packages', { name: 'Fine', description: bad })],
    ['package feature', (bad) => admin.post('/api/packages', { name: 'Fine', features: [bad] })],
    ['add-on name', (bad) => admin.post('/api/addons', { name: bad, setupFee: 1, monthlyFee: 1 })],
    ['category name', (bad) => admin.post('/api/addon-categories', { name: bad })],
    ['discount name', (bad) => admin.post('/api/discounts', { name: bad, type: 'percentage', value: 5 })],
    ['company name', (bad) => admin.put('/api/admin/company', { name: bad })],
    ['company terms', (bad) => admin.put('/api/admin/company', { name: 'Acme Sales', terms: bad })],
    ['a sent quote’s message', async (bad) => {
      const saved = await user.post('/api/configurations', saveBody({ customerEmail: 'ada@acme.test' }));
      return user.post(`/api/configurations/${saved.body.id}/send`, { message: bad });
    }],
  ];

  it.each(INVISIBLE)('%s is refused (400) in every name and free text, REST and tRPC', async (_name, bad) => {
    for (const [field, send] of fields) {
      const res = await send(bad);
      expect(res.status, field).toBe(400);
      expect(res.body.code, field).toBe('BAD_REQUEST');
    }
    const token = await sharedToken();
    expect((await t.client().post(`/api/shared/${token}/accept`, { name: bad, email: 'ada@acme.test', consent: true })).status).toBe(400);
    expect((await t.client().post(`/api/shared/${token}/decline`, { reason: bad })).status).toBe(400);
    expect((await trpcCall(user, 'mutation', 'configurations.create', saveBody({ name: bad }))).status).toBe(400);
  });

  it('keeps the existing messages, and lets visible text of any script, emoji and accents through', async () => {
    const res = await user.post('/api/configurations', saveBody({ name: 'Acme\u200b' }));
    expect(res.body.message).toBe('Configuration name must not contain control characters or text-direction overrides');
    // white space alone is the required field's own message, as before
    expect((await user.post('/api/configurations', saveBody({ name: ' \u3000 ' }))).body.message).toBe('Please enter a configuration name');
    const fine = await user.post('/api/configurations', saveBody({ name: 'Zażółć 👍 שלום e\u0301', customerCompany: '株式会社' }));
    expect(fine.status).toBe(201);
    expect(fine.body.name).toBe('Zażółć 👍 שלום e\u0301');
  });
});

describe('validUntil', () => {
  it('at most today + 365 days: a 400 naming the limit; the last allowed day is taken', async () => {
    const tooFar = await user.post('/api/configurations', saveBody({ validUntil: addDays(today(), 366) }));
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toBe('Valid until can be at most 365 days from today');
    const last = await user.post('/api/configurations', saveBody({ validUntil: addDays(today(), 365) }));
    expect(last.status).toBe(201);
    const patch = await user.patch(`/api/configurations/${last.body.id}`, { validUntil: '2099-01-01' });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toBe('Valid until can be at most 365 days from today');
  });

  it.each(['2026-13-01', '2026-00-10', '2026-02-30', '2026-04-31', '9999-99-99'])('%s is a 400 with the schema’s message', async (date) => {
    const res = await user.post('/api/configurations', saveBody({ validUntil: date }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Valid until must be a date (YYYY-MM-DD)');
    const trpc = await trpcCall(user, 'mutation', 'configurations.create', saveBody({ validUntil: date }));
    expect(trpc.status).toBe(400);
  });
});

describe('PDF file names', () => {
  it('are cut between code points: an astral character at the cut is kept whole or left out, never halved', () => {
    for (let pad = 55; pad <= 62; pad++) {
      const name = `${'a'.repeat(pad)}𝒜𝒜𝒜𝒜𝒜`;
      const { header } = pdfContentDisposition('Q-000001', name);
      expect(header, `pad ${pad}`).toMatch(/^attachment; filename="Q-000001-a+\.pdf"; filename\*=UTF-8''Q-000001-a+(%F0%9D%92%9C)*\.pdf$/);
    }
  });

  it('a saved quote named so downloads (200, not 500)', async () => {
    // The file is named by package and customer ("Advanced for …"): the customer's name puts an astral letter at the cut.
    const saved = await user.post('/api/configurations', saveBody({ customerCompany: `${'b'.repeat(46)}𝒜𝒜` }));
    expect(saved.status).toBe(201);
    const pdf = await user.get(`/api/configurations/${saved.body.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(`filename*=UTF-8''${saved.body.number}-advanced-for-${'b'.repeat(46)}%F0%9D%92%9C.pdf`);
  });
});

describe('tRPC takes Content-Type in any letter case, as REST does', () => {
  it.each(['Application/JSON', 'APPLICATION/JSON; charset=UTF-8', 'application/Json'])('%s', async (type) => {
    const trpc = await trpcCall(user, 'mutation', 'configurations.create', saveBody({ name: `Typed ${type}` }), { 'content-type': type });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.name).toBe(`Typed ${type}`);
    const batch = await user.post('/trpc/quote.calculate?batch=1', { 0: advancedQuote }, { 'content-type': type });
    expect(batch.status).toBe(200);
    const rest = await user.post('/api/configurations', saveBody(), { 'content-type': type });
    expect(rest.status).toBe(201);
  });

  it('another type is still refused on both doors (415)', async () => {
    expect((await user.post('/trpc/configurations.create', saveBody(), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await user.post('/api/configurations', saveBody(), { 'content-type': 'text/plain' })).status).toBe(415);
  });
});

describe('access before input', () => {
  /** Paths anyone may call (everything else needs a session). */
  const PUBLIC = new Set([
    'GET /health',
    'GET /openapi.json',
    'GET /docs',
    'GET /auth/check',
    'POST /login',
    'POST /logout',
    'POST /register',
    'POST /password-reset/request',
    'POST /password-reset/reset',
    'POST /verify-email',
    'GET /shared',
    'GET /shared/:token',
    'GET /shared/:token/pdf',
    'POST /shared/:token/accept',
    'POST /shared/:token/decline',
  ]);
  const routes = createRestApi()
    .routes.filter((r) => r.method !== 'ALL')
    .map((r) => `${r.method} ${r.path}`)
    .filter((r, i, all) => all.indexOf(r) === i);
  const signedIn = routes.filter((r) => !PUBLIC.has(r));
  const adminOnly = signedIn.filter((r) => / \/(admin|packages|addons|addon-categories|discounts)\b/.test(r) && !r.startsWith('GET /packages') && !r.startsWith('GET /addons') && !r.startsWith('GET /addon-categories') && !r.startsWith('GET /discounts'));
  const GARBAGE_IDS = ['abc', '0', '-1', '1e3', '99999999999999999999', '%C0%AC'];
  const GARBAGE_BODIES = ['[1]', 'not json', '"text"', 'null', '{"id":'];
  const url = (route: string, id: string) => `/api${route.split(' ')[1]!.replace(/:\w+/g, id)}`;

  it('the list of user-only routes is what the REST door registers', () => {
    expect(signedIn.length).toBeGreaterThan(40);
    expect(signedIn).toContain('GET /configurations/:id');
    expect(signedIn).toContain('POST /configurations');
    expect(signedIn).toContain('GET /configurations/:id/activity');
    for (const p of PUBLIC) expect(routes, p).toContain(p);
  });

  it('an unreadable id or body is still a 401 signed out: GET /api/configurations/abc and POST /api/configurations with [1] are 401 signed out', async () => {
    expect((await t.client().get('/api/configurations/abc')).status).toBe(401);
    const post = await t.client().post('/api/configurations', '[1]');
    expect(post.status).toBe(401);
    expect(post.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
  });

  it('every user-only route answers 401 signed out, whatever id or body', async () => {
    for (const route of signedIn) {
      const method = route.split(' ')[0]!;
      for (const id of GARBAGE_IDS) {
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : GARBAGE_BODIES) {
          const res = await t.client().request(method, url(route, id), body);
          expect(res.status, `${route} ${id} ${body}`).toBe(401);
        }
      }
      // a body without a Content-Type (bytes: a string body would be typed text/plain) is judged after access too
      if (method !== 'GET' && method !== 'DELETE') {
        const res = await t.app.request(url(route, '1'), { method, body: new TextEncoder().encode('[1]') });
        expect(res.status, `${route} untyped`).toBe(401);
      }
    }
  });

  it('every admin route answers 403 to a signed-in user, whatever id or body', async () => {
    expect(adminOnly.length).toBeGreaterThan(20);
    for (const route of adminOnly) {
      const method = route.split(' ')[0]!;
      const res = await user.request(method, url(route, 'abc'), method === 'GET' || method === 'DELETE' ? undefined : '[1]');
      expect(res.status, route).toBe(403);
    }
  });

  it('the tRPC door too: a user procedure answers 401 signed out whatever its input', async () => {
    for (const body of ['[1', '[1]', '"x"', 'null']) {
      expect((await t.client().post('/trpc/configurations.create', body)).status, body).toBe(401);
      expect((await t.client().post('/trpc/configurations.create,configurations.update?batch=1', body)).status, body).toBe(401);
      expect((await t.client().get(`/trpc/configurations.get?input=${encodeURIComponent(body)}`)).status, body).toBe(401);
    }
  });

  it('signed in, the input is judged as before: an unknown id is a 404, a body that is not an object a 400', async () => {
    expect((await user.get('/api/configurations/abc')).status).toBe(404);
    const post = await user.post('/api/configurations', '[1]');
    expect(post.status).toBe(400);
    expect(post.body.message).toBe('The request body must be a JSON object');
    expect((await user.post('/api/configurations', 'not json')).body.message).toBe('The request body is not valid JSON');
  });
});
