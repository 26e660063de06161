// docs/PRODUCT.md "Saved quotes", the quote's life, through the REST door (the tRPC door: quote-life-trpc.test.ts): number, customer,
// validity, status moves, the accepted quote frozen, revisions, re-pricing, duplicates, lists and price integrity.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../db/schema';
import { ConfigError, loadConfig } from '../../src/server/config';
import { PRICING_FIELDS, type PricingField } from '../../src/shared/schemas/configuration';
import { demoIds, withDemoIds, type DemoIds } from '../support/configurations';
import { DAY } from '../support/clock';
import { appWithAdminAndUser, ADMIN, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let user: TestClient;
let admin: TestClient;

beforeAll(async () => ({ t, admin, user, ids } = await withDemoIds(appWithAdminAndUser())));
afterAll(() => t.close());

/** Advanced, 400 units, one location, 12 months paid monthly: no discounts, so a base price change moves it 1:1. */
const acme = (extra: Record<string, unknown> = {}) => ({
  name: 'Acme',
  packageId: ids.pkg('Advanced'),
  squareMeters: 400,
  locations: 1,
  contractDuration: 12,
  paymentFrequency: 'monthly',
  ...extra,
});

async function save(extra: Record<string, unknown> = {}, as = user) {
  const res = await as.post('/api/configurations', acme(extra));
  expect(res.status).toBe(201);
  return res.body;
}

const cents = (euro: string) => Math.round(Number(euro) * 100);
const plus = (euro: string, c: number) => ((cents(euro) + c) / 100).toFixed(2);

function setAdvancedBase(priceCents: number) {
  t.db
    .update(packages)
    .set({ basePrice: priceCents })
    .where(eq(packages.id, ids.pkg('Advanced')))
    .run();
}

describe('a first save', () => {
  it('gets a number, revision 1, draft, valid 30 days from today in Amsterdam, no customer', async () => {
    const q = await save();
    expect(q).toMatchObject({ revision: 1, status: 'draft', expired: false, validUntil: '2026-03-31' });
    expect(q.number).toMatch(/^Q-\d{6}$/);
    expect(q).toMatchObject({ customerCompany: null, customerName: null, customerEmail: null });
  });

  it('keeps the customer and a chosen validity; answers 400 for a bad email and a day before today', async () => {
    const q = await save({ customerCompany: 'Acme B.V.', customerName: 'Ada Lovelace', customerEmail: 'ada@acme.test', validUntil: '2026-04-15' });
    expect(q).toMatchObject({ customerCompany: 'Acme B.V.', customerName: 'Ada Lovelace', customerEmail: 'ada@acme.test', validUntil: '2026-04-15' });
    const badEmail = await user.post('/api/configurations', acme({ customerEmail: 'not-an-address' }));
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Please enter a valid email address');
    const past = await user.post('/api/configurations', acme({ validUntil: '2026-02-28' }));
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Valid until cannot be before today');
    const today = await user.post('/api/configurations', acme({ validUntil: '2026-03-01' }));
    expect(today.status).toBe(201);
    const nonsense = await user.post('/api/configurations', acme({ validUntil: '2026-02-30' }));
    expect(nonsense.status).toBe(400);
    expect(nonsense.body.message).toBe('Valid until must be a date (YYYY-MM-DD)');
  });

  it('never reuses a number, not even the last one after its delete', async () => {
    const a = await save({ name: 'A' });
    const b = await save({ name: 'B' });
    expect((await user.delete(`/api/configurations/${b.id}`)).status).toBe(204);
    const c = await save({ name: 'C' });
    const n = (q: { number: string }) => Number(q.number.slice(2));
    expect(n(b)).toBe(n(a) + 1);
    expect(n(c)).toBe(n(b) + 1);
  });

  it('QUOTE_VALIDITY_DAYS sets the default validity; a value outside 1–365 stops the configuration, named', async () => {
    expect(loadConfig({ QUOTE_VALIDITY_DAYS: '7' }).quoteValidityDays).toBe(7);
    expect(loadConfig({}).quoteValidityDays).toBe(30);
    for (const bad of ['0', '366', 'thirty', '2.5']) {
      expect(() => loadConfig({ QUOTE_VALIDITY_DAYS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ QUOTE_VALIDITY_DAYS: bad })).toThrow(/QUOTE_VALIDITY_DAYS/);
    }
    const short = await createTestApp({ env: { QUOTE_VALIDITY_DAYS: '7' } });
    try {
      const c = await short.login(USER.email, USER.password);
      const res = await c.post('/api/configurations', { ...acme(), packageId: demoIds(short).pkg('Advanced') });
      expect(res.body.validUntil).toBe('2026-03-08');
    } finally {
      short.close();
    }
  });
});

describe('status', () => {
  it('moves draft → sent → accepted; anything else is a 409 naming both statuses', async () => {
    const q = await save();
    const to = (status: string, as = user) => as.post(`/api/configurations/${q.id}/status`, { status });
    const skip = await to('accepted');
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('A quote cannot go from draft to accepted');
    expect((await to('sent')).body.status).toBe('sent');
    expect((await to('draft')).body.status).toBe('draft');
    expect((await to('sent')).body.status).toBe('sent');
    expect((await to('accepted', admin)).body.status).toBe('accepted');
    const back = await to('draft');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('A quote cannot go from accepted to draft');
    const bad = await to('won');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be draft, sent, accepted or declined');
  });

  it('declined → draft is allowed, declined → accepted is not', async () => {
    const q = await save();
    for (const s of ['sent', 'declined']) await user.post(`/api/configurations/${q.id}/status`, { status: s });
    expect((await user.post(`/api/configurations/${q.id}/status`, { status: 'accepted' })).status).toBe(409);
    expect((await user.post(`/api/configurations/${q.id}/status`, { status: 'draft' })).body.status).toBe('draft');
  });

  it('an accepted quote is frozen: PATCH and re-price 409, the owner cannot delete it (409), an admin can; it can be duplicated', async () => {
    const q = await save();
    for (const s of ['sent', 'accepted']) await user.post(`/api/configurations/${q.id}/status`, { status: s });
    const patch = await user.patch(`/api/configurations/${q.id}`, { name: 'Renamed' });
    expect(patch.status).toBe(409);
    expect(patch.body.message).toBe('An accepted quote cannot be changed; duplicate it instead');
    expect((await user.post(`/api/configurations/${q.id}/reprice`)).status).toBe(409);
    const del = await user.delete(`/api/configurations/${q.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('An accepted quote can only be deleted by an admin');
    const copy = await user.post(`/api/configurations/${q.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Acme (copy)', status: 'draft', revision: 1 });
    expect((await admin.delete(`/api/configurations/${q.id}`)).status).toBe(204);
  });

  it('someone else’s quote does not exist for a salesperson (404), but an admin moves it', async () => {
    const q = await save({}, admin);
    expect((await user.post(`/api/configurations/${q.id}/status`, { status: 'sent' })).status).toBe(404);
    const mine = await save();
    expect((await admin.post(`/api/configurations/${mine.id}/status`, { status: 'sent' })).body.status).toBe('sent');
  });
});

describe('revisions', () => {
  it('a change of name, customer or validity keeps the revision; the same values change nothing; pricing inputs raise it', async () => {
    const q = await save();
    t.clock.advance(60_000);
    const renamed = await user.patch(`/api/configurations/${q.id}`, { name: 'Acme HQ', customerCompany: 'Acme', validUntil: '2026-05-01' });
    expect(renamed.body).toMatchObject({
      revision: 1,
      name: 'Acme HQ',
      customerCompany: 'Acme',
      validUntil: '2026-05-01',
      totalMonthly: q.totalMonthly,
    });
    t.clock.advance(60_000);
    const same = await user.patch(`/api/configurations/${q.id}`, { ...acme({ name: 'Acme HQ', customerCompany: 'Acme', validUntil: '2026-05-01' }) });
    expect(same.status).toBe(200);
    expect(same.body.updatedAt).toBe(renamed.body.updatedAt);
    expect(same.body.revision).toBe(1);
    const moved = await user.patch(`/api/configurations/${q.id}`, { locations: 2 });
    expect(moved.body.revision).toBe(2);
    expect(cents(moved.body.totalMonthly)).toBeGreaterThan(cents(q.totalMonthly));

    const list = await user.get(`/api/configurations/${q.id}/revisions`);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
    expect(list.body[0]).toMatchObject({ totalMonthly: moved.body.totalMonthly, changes: ['Locations: 1 → 2'] });
    expect(list.body[1]).toMatchObject({ totalMonthly: q.totalMonthly, setupFees: q.setupFees, tcv: q.tcv, changes: [] });
    expect(Object.keys(list.body[1]).sort()).toEqual(['changes', 'createdAt', 'revision', 'setupFees', 'tcv', 'totalMonthly']);

    const first = await user.get(`/api/configurations/${q.id}/revisions/1`);
    expect(first.body).toMatchObject({ id: q.id, revision: 1, locations: 1, totalMonthly: q.totalMonthly, name: 'Acme HQ' });
    expect(first.body.snapshot.total).toBe(Number(q.totalMonthly));
    expect((await user.get(`/api/configurations/${q.id}/revisions/2`)).body).toMatchObject({ revision: 2, locations: 2 });
    expect((await user.get(`/api/configurations/${q.id}/revisions/3`)).status).toBe(404);
    expect((await user.get(`/api/configurations/${q.id}/revisions/x`)).status).toBe(404);
  });

  it.each(PRICING_FIELDS)('a change of %s alone raises the revision (every field of the pricing input counts)', async (field) => {
    // users at the user model's smallest tier, so that switching the model alone is a valid save
    const q = await save({
      userCount: 10,
      addOns: [{ id: ids.addOn('Microsoft 365 Integration') }],
      customItems: [{ name: 'Training', price: 250, isOneTime: true }],
    });
    /** One other valid value of each pricing input: a field added to the save schema needs one here, or this fails. */
    const other: Partial<Record<PricingField, unknown>> = {
      packageId: ids.pkg('Ultimate'),
      locations: 2,
      squareMeters: 401,
      userCount: 30,
      pricingModel: 'user',
      addOns: [{ id: ids.addOn('Microsoft 365 Integration'), waiveSetupFee: true }],
      discountIds: [ids.discount('Welcome Credit')],
      contractDuration: 24,
      paymentFrequency: 'quarterly',
      customItems: [{ name: 'Training', price: 250, isOneTime: false }],
      sellerDiscount: { type: 'percentage', value: 5, reason: 'Pilot site' },
    };
    expect(other[field], `a second value of ${field} for this test`).toBeDefined();
    const changed = await user.patch(`/api/configurations/${q.id}`, { [field]: other[field] });
    expect(changed.status).toBe(200);
    expect(changed.body.revision).toBe(2);
  });

  it('changing a sent quote’s pricing inputs makes it a draft again; a rename does not', async () => {
    const q = await save();
    await user.post(`/api/configurations/${q.id}/status`, { status: 'sent' });
    expect((await user.patch(`/api/configurations/${q.id}`, { name: 'Acme 2' })).body.status).toBe('sent');
    expect((await user.patch(`/api/configurations/${q.id}`, { squareMeters: 500 })).body).toMatchObject({ status: 'draft', revision: 2 });
  });
});

describe('price integrity after the admin raises a price', () => {
  it('GET keeps the stored figures and answers catalogDrift; lists and PDF agree; re-price makes a revision once', async () => {
    const q = await save({ name: 'Drift' });
    expect((await user.get(`/api/configurations/${q.id}`)).body.catalogDrift).toBeNull();
    setAdvancedBase(19900 + 4560);
    try {
      const loaded = await user.get(`/api/configurations/${q.id}`);
      expect(loaded.body).toMatchObject({ totalMonthly: q.totalMonthly, setupFees: q.setupFees, tcv: q.tcv, revision: 1 });
      expect(loaded.body.catalogDrift).toEqual({ totalMonthly: plus(q.totalMonthly, 4560), setupFees: q.setupFees, tcv: plus(q.tcv, 4560 * 12) });
      const listed = (await user.get('/api/configurations')).body.find((c: { id: number }) => c.id === q.id);
      expect(listed.totalMonthly).toBe(q.totalMonthly);
      const pdf = await t.callerAs(USER.email).configurations.pdfData({ id: q.id });
      expect(pdf.document.quote.total).toBe(Number(q.totalMonthly));

      const repriced = await user.post(`/api/configurations/${q.id}/reprice`);
      expect(repriced.status).toBe(200);
      expect(repriced.body).toMatchObject({ revision: 2, totalMonthly: plus(q.totalMonthly, 4560) });
      expect((await user.get(`/api/configurations/${q.id}`)).body.catalogDrift).toBeNull();
      const again = await user.post(`/api/configurations/${q.id}/reprice`);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ revision: 2, updatedAt: repriced.body.updatedAt });
      const history = (await user.get(`/api/configurations/${q.id}/revisions`)).body;
      expect(history[0].changes).toEqual(["Re-priced on that day's catalogue"]);

      const copy = await admin.post(`/api/configurations/${q.id}/duplicate`);
      expect(copy.status).toBe(201);
      expect(copy.body).toMatchObject({ name: 'Drift (copy)', revision: 1, status: 'draft', validUntil: '2026-03-31' });
      expect(copy.body.number).not.toBe(q.number);
      expect(copy.body.userId).not.toBe(q.userId);
    } finally {
      setAdvancedBase(19900);
    }
  });

  it('a duplicate is priced on today’s catalogue, carrying the customer', async () => {
    const q = await save({ name: 'Old prices', customerCompany: 'Initech', customerEmail: 'bill@initech.test' });
    setAdvancedBase(19900 + 1000);
    try {
      const copy = await user.post(`/api/configurations/${q.id}/duplicate`);
      expect(copy.body).toMatchObject({ totalMonthly: plus(q.totalMonthly, 1000), customerCompany: 'Initech', customerEmail: 'bill@initech.test' });
      expect((await user.get(`/api/configurations/${q.id}`)).body.totalMonthly).toBe(q.totalMonthly);
    } finally {
      setAdvancedBase(19900);
    }
  });
});

describe('lists', () => {
  it('carry the new fields, filter by status and by expired, and the admin search finds a number', async () => {
    const sent = await save({ name: 'Filter sent' });
    await user.post(`/api/configurations/${sent.id}/status`, { status: 'sent' });
    const res = await user.get('/api/configurations?status=sent');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((c: { status: string }) => c.status === 'sent')).toBe(true);
    const item = res.body.find((c: { id: number }) => c.id === sent.id);
    for (const k of ['number', 'status', 'expired', 'validUntil', 'revision', 'customerCompany', 'customerName', 'customerEmail']) {
      expect(item).toHaveProperty(k);
    }
    expect((await user.get('/api/configurations?status=won')).status).toBe(400);
    expect((await user.get('/api/configurations?status=won')).body.message).toBe('Status must be draft, sent, accepted, declined or expired');

    const found = await t.callerAs(ADMIN.email).configurations.list({ search: sent.number });
    expect(found.items.map((c) => c.id)).toEqual([sent.id]);
    expect(
      (await t.callerAs(ADMIN.email).configurations.list({ search: sent.number.toLowerCase().replace('-', '') })).items.map((c) => c.id),
    ).toEqual([sent.id]);

    expect((await user.get('/api/configurations?status=expired')).body).toEqual([]);
    t.clock.advance(45 * DAY);
    try {
      // a new session: the one from the start of the file has expired by now
      const later = await t.login(USER.email, USER.password);
      const expired = (await later.get('/api/configurations?status=expired')).body;
      expect(expired.length).toBeGreaterThan(0);
      expect(expired.every((c: { expired: boolean; status: string }) => c.expired && ['draft', 'sent'].includes(c.status))).toBe(true);
      expect((await later.get(`/api/configurations/${sent.id}`)).body.expired).toBe(true);
      const page = await t.callerAs(USER.email).configurations.list({ status: 'expired' });
      expect(page.items.every((c) => c.expired)).toBe(true);
      expect(page.total).toBe(expired.length);
    } finally {
      t.clock.advance(-45 * DAY);
    }
  });
});
