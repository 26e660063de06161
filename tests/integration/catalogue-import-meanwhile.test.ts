// A large catalogue import lets other requests in while it checks the file (docs/API.md "The catalogue file"), and
// a catalogue change answered meanwhile is not lost or overwritten unseen: the import works its changes out again on
// the catalogue its transaction reads, so the catalogue still ends equal to the file, and the answer says so.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appWithAdmin, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

const pad = (n: number) => String(n).padStart(4, '0');

it('answers other admins’ changes while it works on a large file, then imports against the catalogue as it is by then', async () => {
  const file = {
    version: 1,
    packages: Array.from({ length: 200 }, (_, i) => ({
      name: `P${pad(i)}`,
      basePrice: '10.00',
      priceTiers: [{ minSqm: 0, maxSqm: null, pricePerSqm: '1.00' }],
    })),
    categories: Array.from({ length: 200 }, (_, i) => ({ name: `C${pad(i)}` })),
    addOns: Array.from({ length: 3000 }, (_, i) => ({
      name: `A${pad(i)}`,
      category: `C${pad(i % 200)}`,
      monthlyFee: '5.00',
      availableForPackages: [`P${pad(i % 200)}`],
    })),
    discounts: [],
  };
  let imported = false;
  const importing = admin.put('/api/admin/catalogue', file).then((res) => {
    imported = true;
    return res;
  });
  // another admin adds categories back to back the whole time: the first lands while the file is checked, others
  // while the import works out and prepares its writes against the catalogue it read before them
  const made: { id: number; name: string }[] = [];
  while (!imported) {
    const res = await admin.post('/api/addon-categories', { name: `Meanwhile ${made.length}` });
    expect(res.status, res.text).toBe(201);
    made.push(res.body);
  }
  expect(made.length).toBeGreaterThan(1);

  const res = await importing;
  expect(res.status, res.text).toBe(200);
  expect(res.body.addOns.created).toHaveLength(3000);
  const now = (await admin.get('/api/admin/catalogue')).body;
  const names = now.categories.map((c: { name: string }) => c.name);
  // each is deleted by the import (it is not in the file) or was made after the import's transaction
  const deleted = res.body.categories.deleted as string[];
  for (const c of made) expect(deleted.includes(c.name), c.name).toBe(!names.includes(c.name));
  expect(deleted).toContain('Meanwhile 0');
  expect(names.filter((n: string) => !n.startsWith('Meanwhile'))).toEqual(file.categories.map((c) => c.name));
  expect(now.addOns).toHaveLength(3000);
  expect(now.addOns[2999]).toMatchObject({ name: 'A2999', category: 'C0199', monthlyFee: '5.00', availableForPackages: ['P0199'] });
  const deletions = (await admin.get('/api/admin/audit?entity=category&action=delete&limit=100')).body;
  expect(deletions.find((e: { entityId: number }) => e.entityId === made[0]!.id)).toMatchObject({ before: { name: 'Meanwhile 0' } });
});
