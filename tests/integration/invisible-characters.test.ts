// Invisible and format characters (zero-width, fillers, tags, soft hyphens, a lone combining mark) are refused in every
// name and free text, through REST and tRPC, with the existing messages; visible text of any script passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTokenOfNewQuote } from '../support/configurations';
import { advancedQuote, smallSaveBody } from '../support/quote-forms';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => ({ t, admin, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

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
    ['configuration name', (bad) => user.post('/api/configurations', smallSaveBody({ name: bad }))],
    ['customer company', (bad) => user.post('/api/configurations', smallSaveBody({ customerCompany: bad }))],
    ['contact name', (bad) => user.post('/api/configurations', smallSaveBody({ customerName: bad }))],
    ['saved custom item name', (bad) => user.post('/api/configurations', smallSaveBody({ customItems: [{ name: bad, price: 5 }] }))],
    [
      'saved custom item description',
      (bad) => user.post('/api/configurations', smallSaveBody({ customItems: [{ name: 'x', description: bad, price: 5 }] })),
    ],
    ['unsaved quote item name', (bad) => user.post('/api/quote', { ...advancedQuote, customItems: [{ id: 'a', name: bad, price: 5 }] })],
    [
      'unsaved quote PDF item description',
      (bad) => user.post('/api/quote/pdf', { ...advancedQuote, customItems: [{ id: 'a', name: 'x', description: bad, price: 5 }] }),
    ],
    ['profile first name', (bad) => user.patch('/api/profile', { firstname: bad })],
    ['profile company', (bad) => user.patch('/api/profile', { companyName: bad })],
    ['username', (bad) => user.patch('/api/profile', { username: bad.repeat(3) })],
    [
      'registration last name',
      (bad) =>
        t.client().post('/api/register', {
          username: 'inv@example.org',
          email: 'inv@example.org',
          firstname: 'Jo',
          lastname: bad,
          companyName: 'Acme',
          password: 'Secret123',
        }),
    ],
    [
      'admin: user first name',
      (bad) =>
        admin.post('/api/admin/users', {
          username: 'inv2@example.org',
          email: 'inv2@example.org',
          firstname: bad,
          lastname: 'Li',
          companyName: 'Acme',
          password: 'Secret123',
          isAdmin: false,
        }),
    ],
    ['package name', (bad) => admin.post('/api/packages', { name: bad })],
    ['package description', (bad) => admin.post('/api/packages', { name: 'Fine', description: bad })],
    ['package feature', (bad) => admin.post('/api/packages', { name: 'Fine', features: [bad] })],
    ['add-on name', (bad) => admin.post('/api/addons', { name: bad, setupFee: 1, monthlyFee: 1 })],
    ['category name', (bad) => admin.post('/api/addon-categories', { name: bad })],
    ['discount name', (bad) => admin.post('/api/discounts', { name: bad, type: 'percentage', value: 5 })],
    ['company name', (bad) => admin.put('/api/admin/company', { name: bad })],
    ['company terms', (bad) => admin.put('/api/admin/company', { name: 'Acme Sales', terms: bad })],
    [
      'a sent quote’s message',
      async (bad) => {
        const saved = await user.post('/api/configurations', smallSaveBody({ customerEmail: 'ada@acme.test' }));
        return user.post(`/api/configurations/${saved.body.id}/send`, { message: bad });
      },
    ],
  ];

  it.each(INVISIBLE)('%s is refused (400) in every name and free text, REST and tRPC', async (_name, bad) => {
    for (const [field, send] of fields) {
      const res = await send(bad);
      expect(res.status, field).toBe(400);
      expect(res.body.code, field).toBe('BAD_REQUEST');
    }
    const token = await sharedTokenOfNewQuote(user);
    expect((await t.client().post(`/api/shared/${token}/accept`, { name: bad, email: 'ada@acme.test', consent: true })).status).toBe(400);
    expect((await t.client().post(`/api/shared/${token}/decline`, { reason: bad })).status).toBe(400);
    expect((await trpcCall(user, 'mutation', 'configurations.create', smallSaveBody({ name: bad }))).status).toBe(400);
  });

  it('keeps the existing messages, and lets visible text of any script, emoji and accents through', async () => {
    const res = await user.post('/api/configurations', smallSaveBody({ name: 'Acme\u200b' }));
    expect(res.body.message).toBe('Configuration name must not contain control characters or text-direction overrides');
    // white space alone is the required field's own message, as before
    expect((await user.post('/api/configurations', smallSaveBody({ name: ' \u3000 ' }))).body.message).toBe('Please enter a configuration name');
    const fine = await user.post('/api/configurations', smallSaveBody({ name: 'Zażółć 👍 שלום e\u0301', customerCompany: '株式会社' }));
    expect(fine.status).toBe(201);
    expect(fine.body.name).toBe('Zażółć 👍 שלום e\u0301');
  });
});
