// Names are text, not control codes. Single-line fields refuse control characters, bidi overrides
// and unpaired surrogates with a clear 400, on both doors; descriptions may hold line breaks but nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleLineText } from '../../src/shared/schemas/text';
import { registration } from '../support/accounts';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let user: TestClient;
beforeAll(async () => ({ t, admin, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

const BAD = [
  ['NUL', 'Acme\u0000Corp'],
  ['LF', 'Acme\nCorp'],
  ['CR', 'Acme\rCorp'],
  ['ESC', 'Acme\u001b[31mCorp'],
  ['RLO (U+202E)', 'Acme\u202eproC'],
  ['LRI (U+2066)', 'Acme\u2066Corp'],
  ['an unpaired surrogate', 'Acme\ud800Corp'],
] as const;

const message = (label: string) => `${label} must not contain control characters or text-direction overrides`;

describe('the shared check', () => {
  it.each(BAD)('refuses %s', (_name, value) => {
    expect(singleLineText('Name').safeParse(value).success).toBe(false);
  });
  it('accepts accents, emoji (paired surrogates) and right-to-left scripts', () => {
    for (const v of ['Café Müller', 'Team 🚀', 'شركة', 'Ω-Tech']) expect(singleLineText('Name').safeParse(v).success).toBe(true);
  });
});

describe.each(BAD)('%s is refused with a 400', (_name, bad) => {
  it('in registration names (REST and tRPC)', async () => {
    const rest = await t.client().post('/api/register', registration({ companyName: bad }));
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(message('Company name'));
    const trpc = await trpcCall(t.client(), 'mutation', 'auth.register', registration({ firstname: bad }));
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe(message('First name'));
  });

  it('in the profile', async () => {
    const res = await user.patch('/api/profile', { lastname: bad });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message('Last name'));
    expect((await user.patch('/api/profile', { username: `x${bad}` })).body.message).toBe(message('Username'));
  });

  it('in the admin’s user form', async () => {
    const res = await admin.post('/api/admin/users', { ...registration(), username: `u${bad}`, isAdmin: false });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message('Username'));
  });

  it('in catalogue names', async () => {
    const pkg = await admin.post('/api/packages', { name: bad });
    expect(pkg.status).toBe(400);
    expect(pkg.body.message).toBe(message('Package name'));
    const cat = await trpcCall(admin, 'mutation', 'admin.categories.create', { name: bad });
    expect(cat.status).toBe(400);
    expect(cat.body.error.message).toBe(message('Category name'));
    expect((await admin.post('/api/addons', { name: bad, categoryId: 1 })).body.message).toBe(message('Name'));
    expect((await admin.post('/api/discounts', { name: bad })).body.message).toBe(message('Rule name'));
    expect((await admin.post('/api/packages', { name: 'Ok', features: [bad] })).body.message).toBe(message('Feature text'));
  });

  it('in a saved configuration’s name and custom item names', async () => {
    const res = await user.post('/api/configurations', { name: bad, packageId: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message('Configuration name'));
    const item = await trpcCall(user, 'mutation', 'configurations.create', {
      name: 'Fine',
      packageId: 1,
      customItems: [{ name: bad, price: 5 }],
    });
    expect(item.status).toBe(400);
    expect(item.body.error.message).toBe(message('Custom item name'));
  });
});

describe('descriptions are multi-line text', () => {
  it('keep line breaks and tabs, refuse other control codes and overrides', async () => {
    const ok = await admin.post('/api/packages', { name: 'Multi-line', description: 'Line one\nLine two\r\n\tindented' });
    expect(ok.status).toBe(201);
    const bad = await admin.post('/api/packages', { name: 'Bad', description: 'Hidden\u202etxt.exe' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Description must not contain control characters or text-direction overrides');
    const item = await user.post('/api/configurations', {
      name: 'Fine',
      packageId: 1,
      customItems: [{ name: 'Item', description: 'a\u0000b', price: 5 }],
    });
    expect(item.status).toBe(400);
    expect(item.body.message).toBe(message('Custom item description'));
  });
});
