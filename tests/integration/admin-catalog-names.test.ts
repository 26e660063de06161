// Names are unique per kind (docs/PRODUCT.md "The admin area"): a create or a rename to a name another package,
// add-on, category or discount rule already has — in another case, with spaces around it — is a 409 naming it as it
// was sent, through both doors, and changes nothing. Renaming an item to its own name in another case is no clash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestApp, type TestClient } from '../support/test-app';
import { trpcCall } from '../support/trpc-http';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

const kinds = [
  {
    kind: 'package',
    rest: '/api/packages',
    trpc: 'admin.packages',
    taken: 'Entry',
    other: 'Advanced',
    body: {},
    message: (n: string) => `A package named ${n} already exists`,
  },
  {
    kind: 'add-on',
    rest: '/api/addons',
    trpc: 'admin.addOns',
    taken: 'Audit Log',
    other: 'Premium Support',
    body: { categoryId: 1 },
    message: (n: string) => `An add-on named ${n} already exists`,
  },
  {
    kind: 'category',
    rest: '/api/addon-categories',
    trpc: 'admin.categories',
    taken: 'Security',
    other: 'Hardware',
    body: {},
    message: (n: string) => `A category named ${n} already exists`,
  },
  {
    kind: 'discount rule',
    rest: '/api/discounts',
    trpc: 'admin.discounts',
    taken: 'Welcome Credit',
    other: 'Annual Prepay Bonus',
    body: {},
    message: (n: string) => `A discount rule named ${n} already exists`,
  },
] as const;

const countOf = (table: string) => t.db.$client.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const table = { package: 'packages', 'add-on': 'addons', category: 'addon_categories', 'discount rule': 'discounts' } as const;
const idOf = (kind: keyof typeof table, name: string) =>
  t.db.$client.prepare(`SELECT id FROM ${table[kind]} WHERE name = ?`).pluck().get(name) as number;

describe.each(kinds)('a $kind', ({ kind, rest, trpc, taken, other, body, message }) => {
  const upper = `  ${taken.toUpperCase()} `;
  const sent = taken.toUpperCase();

  it('cannot be created under a name in use, in any case and with spaces around it (REST and tRPC)', async () => {
    const before = countOf(table[kind]);
    const res = await admin.post(rest, { ...body, name: upper });
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ message: message(sent), error: message(sent), code: 'CONFLICT' });
    const call = await trpcCall(admin, 'mutation', `${trpc}.create`, { ...body, name: taken.toLowerCase() });
    expect(call.status).toBe(409);
    expect(call.body.error.message).toBe(message(taken.toLowerCase()));
    expect(countOf(table[kind])).toBe(before);
  });

  it('cannot be renamed to another one’s name (REST and tRPC), but may change the case of its own', async () => {
    const id = idOf(kind, other);
    const res = await admin.patch(`${rest}/${id}`, { name: upper });
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toBe(message(sent));
    const call = await trpcCall(admin, 'mutation', `${trpc}.update`, { id, name: ` ${taken.toLowerCase()}` });
    expect(call.status).toBe(409);
    expect(call.body.error.message).toBe(message(taken.toLowerCase()));
    expect(idOf(kind, other)).toBe(id);

    const own = await admin.patch(`${rest}/${id}`, { name: other.toUpperCase() });
    expect(own.status, own.text).toBe(200);
    expect(own.body.name).toBe(other.toUpperCase());
    expect((await admin.patch(`${rest}/${id}`, { name: other })).status).toBe(200);
  });
});
