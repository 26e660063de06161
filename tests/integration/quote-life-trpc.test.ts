// docs/PRODUCT.md "Saved quotes" through the tRPC door (the REST door: quote-life.test.ts): the same rules, the same texts and codes.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../db/schema';
import { demoIds, type DemoIds } from '../support/configurations';
import { trpcCall } from '../support/trpc-http';
import { ADMIN, createTestApp, USER, type TestApp } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
beforeAll(async () => {
  t = await createTestApp();
  ids = demoIds(t);
});
afterAll(() => t.close());

const user = () => t.callerAs(USER.email);
const admin = () => t.callerAs(ADMIN.email);
const acme = () => ({
  name: 'Acme',
  packageId: ids.pkg('Advanced'),
  squareMeters: 400,
  locations: 1,
  contractDuration: 12 as const,
  paymentFrequency: 'monthly' as const,
});

async function rejects(p: Promise<unknown>): Promise<TRPCError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('the quote’s life over tRPC', () => {
  it('save, status moves with their 409s, frozen accepted quote, owner cannot delete it', async () => {
    const q = await user().configurations.create({ ...acme(), customerEmail: 'ada@acme.test' });
    expect(q).toMatchObject({ revision: 1, status: 'draft', validUntil: '2026-03-31', customerEmail: 'ada@acme.test', customerName: null });
    const skip = await rejects(user().configurations.setStatus({ id: q.id, status: 'declined' }));
    expect([skip.code, skip.message]).toEqual(['CONFLICT', 'A quote cannot go from draft to declined']);
    await user().configurations.setStatus({ id: q.id, status: 'sent' });
    await admin().configurations.setStatus({ id: q.id, status: 'accepted' });
    const frozen = await rejects(user().configurations.update({ id: q.id, locations: 2 }));
    expect([frozen.code, frozen.message]).toEqual(['CONFLICT', 'An accepted quote cannot be changed; duplicate it instead']);
    expect((await rejects(user().configurations.delete({ id: q.id }))).code).toBe('CONFLICT');
    const copy = await user().configurations.duplicate({ id: q.id });
    expect(copy).toMatchObject({ name: 'Acme (copy)', status: 'draft', revision: 1, customerEmail: 'ada@acme.test' });
    await admin().configurations.delete({ id: q.id });
  });

  it('answers 409 and 400 on the wire with the same texts', async () => {
    const c = await t.login(USER.email, USER.password);
    const q = await user().configurations.create(acme());
    const moved = await trpcCall(c, 'mutation', 'configurations.setStatus', { id: q.id, status: 'accepted' });
    expect(moved.status).toBe(409);
    expect(moved.body.error.message).toBe('A quote cannot go from draft to accepted');
    const badEmail = await trpcCall(c, 'mutation', 'configurations.update', { id: q.id, customerEmail: 'nope' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.message).toContain('Please enter a valid email address');
    const past = await trpcCall(c, 'mutation', 'configurations.update', { id: q.id, validUntil: '2026-01-01' });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toBe('Valid until cannot be before today');
  });

  it('drift, re-price, revisions and one revision; the same PATCH changes nothing', async () => {
    const q = await user().configurations.create(acme());
    expect((await user().configurations.get({ id: q.id })).catalogDrift).toBeNull();
    t.db
      .update(packages)
      .set({ basePrice: 20900 })
      .where(eq(packages.id, ids.pkg('Advanced')))
      .run();
    try {
      const drifted = await user().configurations.get({ id: q.id });
      expect(drifted.totalMonthly).toBe(q.totalMonthly);
      expect(drifted.catalogDrift?.totalMonthly).toBe((Number(q.totalMonthly) + 10).toFixed(2));
      const same = await user().configurations.update({ ...acme(), id: q.id });
      expect(same).toMatchObject({ revision: 1, totalMonthly: q.totalMonthly, updatedAt: q.updatedAt });
      const repriced = await user().configurations.reprice({ id: q.id });
      expect(repriced.revision).toBe(2);
      expect((await user().configurations.reprice({ id: q.id })).revision).toBe(2);
      const revisions = await user().configurations.revisions({ id: q.id });
      expect(revisions.map((r) => [r.revision, r.totalMonthly])).toEqual([
        [2, repriced.totalMonthly],
        [1, q.totalMonthly],
      ]);
      expect((await user().configurations.revision({ id: q.id, revision: 1 })).totalMonthly).toBe(q.totalMonthly);
      expect((await rejects(user().configurations.revision({ id: q.id, revision: 7 }))).code).toBe('NOT_FOUND');
      expect((await rejects(admin().configurations.revisions({ id: 999_999 }))).code).toBe('NOT_FOUND');
    } finally {
      t.db
        .update(packages)
        .set({ basePrice: 19900 })
        .where(eq(packages.id, ids.pkg('Advanced')))
        .run();
    }
  });

  it('lists filter by status and carry the new columns', async () => {
    const q = await user().configurations.create({ ...acme(), name: 'Declined one' });
    await user().configurations.setStatus({ id: q.id, status: 'sent' });
    await user().configurations.setStatus({ id: q.id, status: 'declined' });
    const page = await user().configurations.list({ status: 'declined' });
    expect(page.items.map((c) => c.id)).toEqual([q.id]);
    expect(page.items[0]).toMatchObject({ number: q.number, status: 'declined', expired: false, revision: 1, validUntil: '2026-03-31' });
    const all = await admin().configurations.all({ status: 'declined' });
    expect(all.map((c) => c.id)).toEqual([q.id]);
  });
});
