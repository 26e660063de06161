// docs/PRODUCT.md "Pricing" steps 3 and 5 and "Saved quotes" through both doors: add-ons priced per location and per
// item, custom items with a quantity, the seller's discount after the catalogue's, the 400s of a quantity that does
// not fit and of a quote below its package's smallest tier, a new revision on a change of quantity, and what the
// PDF and the customer's page show of it. Figures are worked by hand, in cents.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations } from '../../db/schema';
import { withDemoIds, type DemoIds } from '../support/configurations';
import { pdfText } from '../support/documents';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let user: TestClient;
let admin: TestClient;
let panels: number;
let sensor: number;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-quantities-'));

const NOT_PER_ITEM = 'Quantity applies only to add-ons priced per item';
const cents = (euro: string) => Math.round(Number(euro) * 100);

beforeAll(async () => {
  ({ t, admin, user, ids } = await withDemoIds(appWithAdminAndUser()));
  const category = (await admin.get('/api/addon-categories')).body[0].id as number;
  const made = await admin.post('/api/addons', { name: 'Lobby Screens', categoryId: category, unit: 'location', monthlyFee: 15, setupFee: 50 });
  expect(made.status, made.text).toBe(201);
  panels = made.body.id;
  sensor = (await admin.post('/api/addons', { name: 'Occupancy Sensor', categoryId: category, unit: 'item', monthlyFee: '15.00', setupFee: '12,00' }))
    .body.id;
});
afterAll(() => {
  t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Advanced, 400 units, 3 locations, 12 months paid monthly, no discounts. */
const base = (extra: Record<string, unknown> = {}) => ({
  name: 'Acme',
  packageId: ids.pkg('Advanced'),
  squareMeters: 400,
  locations: 3,
  contractDuration: 12,
  paymentFrequency: 'monthly',
  ...extra,
});

async function save(extra: Record<string, unknown> = {}) {
  const res = await user.post('/api/configurations', base(extra));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function pdfOf(url: string): Promise<string> {
  const res = await t.app.request(url, { headers: user.cookie ? { cookie: user.cookie } : {} });
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()), tmp);
}

describe('the catalogue', () => {
  it('answers each add-on with its unit, through REST and tRPC; a new one is per quote unless told', async () => {
    const rest = (await user.get('/api/addons')).body as { id: number; unit: string }[];
    expect(rest.find((a) => a.id === panels)?.unit).toBe('location');
    expect(rest.find((a) => a.id === sensor)?.unit).toBe('item');
    expect(rest.filter((a) => a.id !== panels && a.id !== sensor).every((a) => a.unit === 'quote')).toBe(true);
    const all = await trpcCall(user, 'query', 'catalog.all');
    expect(all.body.result.data.addOns.find((a: { id: number }) => a.id === sensor).unit).toBe('item');
  });

  it('refuses a unit that is none of the three, naming them (REST and tRPC); an update changes it', async () => {
    const bad = await admin.patch(`/api/addons/${panels}`, { unit: 'month' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Unit must be quote, location or item');
    const viaTrpc = await trpcCall(admin, 'mutation', 'admin.addOns.create', { name: 'Odd', categoryId: 1, unit: 'piece' });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.body.error.message).toContain('Unit must be quote, location or item');
    const made = (await admin.post('/api/addons', { name: 'Toggle', categoryId: 1 })).body;
    const changed = await admin.patch(`/api/addons/${made.id}`, { unit: 'item' });
    expect(changed.body.unit).toBe('item');
    const entry = (await admin.get('/api/admin/audit?entity=addon&action=update')).body[0];
    expect([entry.before.unit, entry.after.unit]).toEqual(['quote', 'item']);
    expect((await admin.delete(`/api/addons/${made.id}`)).status).toBe(204);
  });
});

describe('a saved quote with quantities', () => {
  it('prices a per-location add-on by the locations, a per-item one by its quantity, custom items by theirs', async () => {
    const plain = await save();
    const q = await save({
      addOns: [{ id: panels }, { id: sensor, quantity: 12 }],
      customItems: [
        { name: 'Workshop', price: 450, quantity: 3, isOneTime: true },
        { name: 'Support', price: '19.99', quantity: 12 },
      ],
    });
    // monthly: panels 15.00 × 3 = 45.00, sensors 15.00 × 12 = 180.00, support 19.99 × 12 = 239.88 -> +464.88
    expect(cents(q.totalMonthly) - cents(plain.totalMonthly)).toBe(4500 + 18000 + 23988);
    // one-time: panels 50.00 × 3 = 150.00, sensors 12.00 × 12 = 144.00, workshop 450.00 × 3 = 1,350.00 -> +1,644.00
    expect(cents(q.setupFees) - cents(plain.setupFees)).toBe(15000 + 14400 + 135000);
    expect(q.addOnSelections).toEqual([
      { id: panels, waiveSetupFee: false, quantity: 1 },
      { id: sensor, waiveSetupFee: false, quantity: 12 },
    ]);
    expect(q.customItems.map((c: { name: string; price: number; quantity: number }) => [c.name, c.price, c.quantity])).toEqual([
      ['Workshop', 450, 3],
      ['Support', 19.99, 12],
    ]);
    expect(q.sellerDiscount).toBeNull();
    expect(q.snapshot.addOnLines).toEqual([
      { id: panels, name: 'Lobby Screens', quantity: 3, unitMonthlyFee: 15, monthlyFee: 45, unitSetupFee: 50, setupFee: 150, waiveSetupFee: false },
      {
        id: sensor,
        name: 'Occupancy Sensor',
        quantity: 12,
        unitMonthlyFee: 15,
        monthlyFee: 180,
        unitSetupFee: 12,
        setupFee: 144,
        waiveSetupFee: false,
      },
    ]);
    expect(q.snapshot.customItemLines.map((l: { name: string; quantity: number; amount: number }) => [l.name, l.quantity, l.amount])).toEqual([
      ['Support', 12, 239.88],
      ['Workshop', 3, 1350],
    ]);
    // the tRPC door answers the same quote
    const read = await trpcCall(user, 'query', 'configurations.get', { id: q.id });
    expect(read.body.result.data.addOnSelections).toEqual(q.addOnSelections);
  });

  it("takes the seller's percentage after every catalogue discount, and a fixed amount at most what is left", async () => {
    const q = await save({ addOns: [{ id: sensor, quantity: 12 }] });
    const monthly = cents(q.totalMonthly);
    const pct = await user.patch(`/api/configurations/${q.id}`, { sellerDiscount: { type: 'percentage', value: 10, reason: 'Multi-year' } });
    expect(pct.status).toBe(200);
    expect(pct.body.revision).toBe(2);
    expect(pct.body.sellerDiscount).toEqual({ type: 'percentage', value: 10, reason: 'Multi-year' });
    const tenth = Math.round(monthly / 10);
    expect(cents(pct.body.totalMonthly)).toBe(monthly - tenth);
    expect(pct.body.snapshot.discounts).toEqual([
      { id: 0, name: "Seller's discount: Multi-year", type: 'seller_percentage', amount: tenth / 100, value: 10 },
    ]);
    const fixed = await user.patch(`/api/configurations/${q.id}`, { sellerDiscount: { type: 'fixed', value: '25,50', reason: 'Pilot' } });
    expect(cents(fixed.body.totalMonthly)).toBe(monthly - 2550);
    expect(fixed.body.revision).toBe(3);
    const capped = await trpcCall(user, 'mutation', 'configurations.update', {
      id: q.id,
      sellerDiscount: { type: 'fixed', value: 100_000, reason: 'Free year' },
    });
    expect(capped.status).toBe(200);
    expect(capped.body.result.data.totalMonthly).toBe('0.00');
    expect(capped.body.result.data.snapshot.discounts[0]).toMatchObject({ type: 'seller_fixed', amount: monthly / 100 });
    const cleared = await user.patch(`/api/configurations/${q.id}`, { sellerDiscount: null });
    expect([cleared.body.revision, cents(cleared.body.totalMonthly), cleared.body.sellerDiscount]).toEqual([5, monthly, null]);
    expect((await user.get(`/api/configurations/${q.id}/revisions`)).body).toHaveLength(5);
  });

  it('makes a new revision when a quantity changes, and none when the same quantity is sent again', async () => {
    const q = await save({ addOns: [{ id: sensor, quantity: 12 }], customItems: [{ name: 'Support', price: 10, quantity: 2 }] });
    const more = await user.patch(`/api/configurations/${q.id}`, { addOns: [{ id: sensor, quantity: 13 }] });
    expect(more.body.revision).toBe(2);
    expect(cents(more.body.totalMonthly) - cents(q.totalMonthly)).toBe(1500);
    expect(cents(more.body.setupFees) - cents(q.setupFees)).toBe(1200);
    const items = await user.patch(`/api/configurations/${q.id}`, { customItems: [{ name: 'Support', price: 10, quantity: 5 }] });
    expect(items.body.revision).toBe(3);
    expect(cents(items.body.totalMonthly) - cents(more.body.totalMonthly)).toBe(3000);
    const same = await user.patch(`/api/configurations/${q.id}`, { addOns: [{ id: sensor, quantity: 13 }] });
    expect(same.body.revision).toBe(3);
  });

  it("answers drift and re-prices on today's fee for every item; duplicates keep the quantities", async () => {
    const q = await save({ addOns: [{ id: sensor, quantity: 12 }], sellerDiscount: { type: 'fixed', value: 10, reason: 'Pilot' } });
    expect((await admin.patch(`/api/addons/${sensor}`, { monthlyFee: 16 })).status).toBe(200);
    try {
      // 12 sensors at 16.00 instead of 15.00: 12.00 more a month, 144.00 more over the 12 months
      const read = await user.get(`/api/configurations/${q.id}`);
      expect(read.body.totalMonthly).toBe(q.totalMonthly);
      expect(cents(read.body.catalogDrift.totalMonthly) - cents(q.totalMonthly)).toBe(1200);
      expect(cents(read.body.catalogDrift.tcv) - cents(q.tcv)).toBe(14400);
      const repriced = await user.post(`/api/configurations/${q.id}/reprice`);
      expect([repriced.body.revision, cents(repriced.body.totalMonthly) - cents(q.totalMonthly)]).toEqual([2, 1200]);
      expect(repriced.body.sellerDiscount).toEqual({ type: 'fixed', value: 10, reason: 'Pilot' });
      const copy = await user.post(`/api/configurations/${q.id}/duplicate`);
      expect(copy.status).toBe(201);
      expect([copy.body.addOnSelections, copy.body.sellerDiscount, copy.body.totalMonthly]).toEqual([
        [{ id: sensor, waiveSetupFee: false, quantity: 12 }],
        { type: 'fixed', value: 10, reason: 'Pilot' },
        repriced.body.totalMonthly,
      ]);
    } finally {
      await admin.patch(`/api/addons/${sensor}`, { monthlyFee: 15 });
    }
  });

  it('refuses a quantity on an add-on that is not priced per item, through both doors; 1 is no quantity', async () => {
    const quoteAddOn = ids.addOn('Microsoft 365 Integration');
    for (const addOns of [[{ id: panels, quantity: 2 }], [{ id: quoteAddOn, quantity: 5 }]]) {
      const rest = await user.post('/api/configurations', base({ addOns }));
      expect(rest.status).toBe(400);
      expect(rest.body.message).toBe(NOT_PER_ITEM);
      const trpc = await trpcCall(user, 'mutation', 'configurations.create', base({ addOns }));
      expect(trpc.status).toBe(400);
      expect(trpc.body.error.message).toBe(NOT_PER_ITEM);
    }
    const q = await save({ addOns: [{ id: panels, quantity: 1 }] });
    const patched = await user.patch(`/api/configurations/${q.id}`, { addOns: [{ id: panels, quantity: 3 }] });
    expect([patched.status, patched.body.message]).toEqual([400, NOT_PER_ITEM]);
  });

  it('prints "12 × €15.00" and the seller\'s discount with its reason in the PDF and the mail; the customer\'s page has the quantities', async () => {
    const q = await save({
      customerEmail: 'ada@contoso.test',
      addOns: [{ id: sensor, quantity: 12 }],
      customItems: [{ name: 'Support hours', price: 19.99, quantity: 12 }],
      sellerDiscount: { type: 'percentage', value: 5, reason: 'Framework agreement' },
    });
    const text = await pdfOf(`/api/configurations/${q.id}/pdf`);
    expect(text).toContain('12 × €15.00');
    expect(text).toContain('12 × €12.00');
    expect(text).toContain('12 × €19.99');
    expect(text).toContain("Seller's discount: Framework agreement");
    // the mail that sends it says so too
    const preview = await trpcCall(user, 'query', 'configurations.sendPreview', { id: q.id });
    expect(preview.body.result.data.text).toContain('Occupancy Sensor: 12 × €15.00 = €180.00');
    expect(preview.body.result.data.text).toContain('Support hours: 12 × €19.99 = €239.88');
    expect(preview.body.result.data.text).toContain("Seller's discount: Framework agreement: −€");
    const shared = await user.post(`/api/configurations/${q.id}/share`);
    expect(shared.status).toBe(201);
    const token = (shared.body.url as string).split('/q/')[1]!;
    const view = (await t.client().get(`/api/shared/${token}`)).body;
    expect(view.lines.find((l: { label: string; kind: string }) => l.kind === 'addon')).toMatchObject({
      label: 'Occupancy Sensor',
      quantity: 12,
      unitPrice: 15,
      amount: '180.00',
    });
    expect(view.lines.find((l: { kind: string }) => l.kind === 'discount')).toMatchObject({ label: "Seller's discount: Framework agreement" });
    expect(await pdfText(Buffer.from(await (await t.app.request(`/api/shared/${token}/pdf`)).arrayBuffer()), tmp)).toContain('12 × €15.00');
  });
});

describe('minimums on saved quotes', () => {
  it('refuses a save below the smallest tier through both doors; the live quote still prices it', async () => {
    const entry = ids.pkg('Entry');
    const units = await user.post('/api/configurations', { name: 'Small', packageId: entry, squareMeters: 99 });
    expect([units.status, units.body.message]).toEqual([400, 'Units must be at least 100 for Entry']);
    const users = await trpcCall(user, 'mutation', 'configurations.create', { name: 'Few', packageId: entry, pricingModel: 'user', userCount: 9 });
    expect([users.status, users.body.error.message]).toEqual([400, 'Users must be at least 10 for Entry']);
    expect((await user.post('/api/quote', { packageId: entry, squareMeters: 50 })).status).toBe(200);
    expect((await user.post('/api/configurations', { name: 'Enough', packageId: entry, squareMeters: 100 })).status).toBe(201);
  });

  it('refuses a pricing PATCH below it, but not a rename; a share and a send of a quote below it are refused', async () => {
    const q = await save();
    const low = await user.patch(`/api/configurations/${q.id}`, { squareMeters: 50 });
    expect([low.status, low.body.message]).toEqual([400, 'Units must be at least 100 for Advanced']);
    const lowTrpc = await trpcCall(user, 'mutation', 'configurations.update', { id: q.id, pricingModel: 'user', userCount: 3 });
    expect([lowTrpc.status, lowTrpc.body.error.message]).toEqual([400, 'Users must be at least 10 for Advanced']);
    // a quote kept from before the rule: below the minimum in the database
    t.db.update(configurations).set({ squareMeters: 40 }).where(eq(configurations.id, q.id)).run();
    expect((await user.patch(`/api/configurations/${q.id}`, { name: 'Renamed' })).status).toBe(200);
    const share = await user.post(`/api/configurations/${q.id}/share`);
    expect([share.status, share.body.message]).toEqual([400, 'Units must be at least 100 for Advanced']);
    const send = await user.post(`/api/configurations/${q.id}/send`, { to: 'ada@contoso.test' });
    expect([send.status, send.body.message]).toEqual([400, 'Units must be at least 100 for Advanced']);
    const sendTrpc = await trpcCall(user, 'mutation', 'configurations.send', { id: q.id, to: 'ada@contoso.test' });
    expect([sendTrpc.status, sendTrpc.body.error.message]).toEqual([400, 'Units must be at least 100 for Advanced']);
    const read = await user.get(`/api/configurations/${q.id}`);
    expect([read.body.status, read.body.linkRevision]).toEqual(['draft', null]);
  });
});

describe('the catalogue file', () => {
  it("carries each add-on's unit; a file without units (an older one) imports them as per quote", async () => {
    const file = (await admin.get('/api/admin/catalogue')).body;
    const byName = (f: { addOns: { name: string; unit?: string }[] }, name: string) => f.addOns.find((a) => a.name === name);
    expect(byName(file, 'Occupancy Sensor')?.unit).toBe('item');
    expect(byName(file, 'Lobby Screens')?.unit).toBe('location');
    expect((await admin.put('/api/admin/catalogue?dryRun=true', file)).body.addOns).toMatchObject({ created: [], updated: [], deleted: [] });
    const older = { ...file, addOns: file.addOns.map(({ unit: _u, ...a }: { unit: string }) => a) };
    const dry = await admin.put('/api/admin/catalogue?dryRun=true', older);
    expect(dry.status).toBe(200);
    expect(dry.body.addOns.updated.sort()).toEqual(['Lobby Screens', 'Occupancy Sensor']);
    expect(dry.body.addOns.changes.find((c: { name: string }) => c.name === 'Occupancy Sensor').fields).toEqual([
      { field: 'unit', before: 'item', after: 'quote' },
    ]);
    expect((await admin.put('/api/admin/catalogue', older)).status).toBe(200);
    expect(((await user.get('/api/addons')).body as { unit: string }[]).every((a) => a.unit === 'quote')).toBe(true);
    expect((await admin.put('/api/admin/catalogue', file)).status).toBe(200);
    expect(byName((await admin.get('/api/admin/catalogue')).body, 'Occupancy Sensor')?.unit).toBe('item');
  });
});
