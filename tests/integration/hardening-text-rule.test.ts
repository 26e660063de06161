// One text rule everywhere (docs/PRODUCT.md "The API's conventions"): saved custom item ids, unsaved quotes and their PDFs
// refuse control characters, bidi controls (U+061C, U+200E, U+200F included), U+2028 / U+2029 and unpaired
// surrogates; usernames and addresses are compared after NFKC, so a full-width @ claims nobody's address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advancedQuote } from '../support/quote-forms';
import { trpcCall } from '../support/trpc-http';
import { appWithUser, ADMIN, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;
beforeAll(async () => ({ t, user } = await appWithUser()));
afterAll(() => t.close());

const BAD = [
  ['BEL', 'Item\u0007'],
  ['RLO (U+202E)', 'Item\u202eexe.txt'],
  ['an unpaired surrogate', 'Item\ud800'],
  ['U+2028 (line separator)', 'Item\u2028two'],
  ['U+2029 (paragraph separator)', 'Item\u2029two'],
  ['U+061C (Arabic letter mark)', 'Item\u061c'],
  ['U+200E (left-to-right mark)', 'Item\u200e'],
  ['U+200F (right-to-left mark)', 'Item\u200f'],
] as const;

const message = (label: string) => `${label} must not contain control characters or text-direction overrides`;
const withItem = (item: Record<string, unknown>) => ({ ...advancedQuote, customItems: [{ id: 'a', name: 'Fine', price: 10, ...item }] });
const save = (item: Record<string, unknown>) => ({ name: 'Text rule', packageId: 2, customItems: [{ name: 'Fine', price: 10, ...item }] });

describe.each(BAD)('%s', (_name, bad) => {
  it('is refused in an unsaved quote’s custom item name, description and id (REST and tRPC)', async () => {
    for (const [field, label] of [
      ['name', 'Custom item name'],
      ['description', 'Custom item description'],
      ['id', 'Custom item id'],
    ] as const) {
      const rest = await user.post('/api/quote', withItem({ [field]: bad }));
      expect(rest.status, field).toBe(400);
      expect(rest.body.message).toBe(message(label));
      const trpc = await trpcCall(user, 'mutation', 'quote.calculate', withItem({ [field]: bad }));
      expect(trpc.status, field).toBe(400);
    }
  });

  it('is refused in the PDF of an unsaved quote', async () => {
    const res = await user.post('/api/quote/pdf', withItem({ name: bad }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message('Custom item name'));
  });

  it('is refused in a saved custom item’s id and name', async () => {
    const id = await user.post('/api/configurations', save({ id: `x${bad}` }));
    expect(id.status).toBe(400);
    expect(id.body.message).toBe(message('Custom item id'));
    const name = await user.post('/api/configurations', save({ name: bad }));
    expect(name.status).toBe(400);
    expect(name.body.message).toBe(message('Custom item name'));
  });

  it('is refused in a configuration name and a profile name', async () => {
    expect((await user.post('/api/configurations', { name: bad, packageId: 2 })).status).toBe(400);
    const profile = await user.patch('/api/profile', { firstname: bad });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toBe(message('First name'));
  });
});

describe('usernames and addresses are compared after NFKC', () => {
  it('refuses a profile username that is another account’s address spelled with a full-width @ (both doors)', async () => {
    // the admin's address is taken (409); an address nobody holds is still not this user's own (400)
    const rest = await user.patch('/api/user/profile', { username: ADMIN.email.replace('@', '\uff20') });
    expect(rest.status).toBe(409);
    const trpc = await trpcCall(user, 'mutation', 'auth.updateProfile', { username: 'victim1\uff20example.net' });
    expect(trpc.status).toBe(400);
    expect((await user.get('/api/user')).body.username).toBe(USER.email);
  });

  it('signs in with the address spelled in full-width letters', async () => {
    const res = await t.client().post('/api/login', { username: USER.email.replace('@', '\uff20'), password: USER.password });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(USER.email);
  });

  it('stores a username in its NFKC form', async () => {
    const res = await user.patch('/api/profile', { username: 'ｆｕｌｌｗｉｄｔｈ' });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe('fullwidth');
  });
});
