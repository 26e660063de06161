// Fixtures for the saved-configuration tests: catalogue ids by demo name, a quote saved for a customer, and extra accounts.
import { expect } from 'vitest';
import { addons, discounts, packages, users } from '../../db/schema';
import { smallSaveBody } from './quote-forms';
import type { TestApp, TestClient } from './test-app';

export interface DemoIds {
  pkg: (name: string) => number;
  addOn: (name: string) => number;
  discount: (name: string) => number;
}

export function demoIds(t: TestApp): DemoIds {
  const byName = (rows: { id: number; name: string }[], kind: string) => {
    const map = new Map(rows.map((r) => [r.name, r.id]));
    return (name: string) => {
      const id = map.get(name);
      if (id === undefined) throw new Error(`no ${kind} named ${name}`);
      return id;
    };
  };
  return {
    pkg: byName(t.db.select({ id: packages.id, name: packages.name }).from(packages).all(), 'package'),
    addOn: byName(t.db.select({ id: addons.id, name: addons.name }).from(addons).all(), 'add-on'),
    discount: byName(t.db.select({ id: discounts.id, name: discounts.name }).from(discounts).all(), 'discount'),
  };
}

/** A test app helper's answer (appWithUser(), appWithAdminAndUser(), ...) with the demo catalogue's ids added. */
export async function withDemoIds<A extends { t: TestApp }>(app: Promise<A>): Promise<A & { ids: DemoIds }> {
  const a = await app;
  return { ...a, ids: demoIds(a.t) };
}

/** What POST /api/configurations answers, as far as the quote tests read it. */
export interface SavedQuote {
  id: number;
  number: string;
  revision: number;
  totalMonthly: string;
  setupFees: string;
  tcv: string;
  validUntil: string;
}

/**
 * Saves a quote for a named customer through REST (201 expected): Advanced, 400 units, one location, 12 months paid
 * monthly, for Ada Lovelace; `form` names the quote and the customer's company and address, and overrides any field.
 */
export async function saveCustomerQuote(client: TestClient, ids: DemoIds, form: Record<string, unknown>): Promise<SavedQuote> {
  const res = await client.post('/api/configurations', {
    packageId: ids.pkg('Advanced'),
    squareMeters: 400,
    locations: 1,
    contractDuration: 12,
    paymentFrequency: 'monthly',
    customerName: 'Ada Lovelace',
    ...form,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** An account for callerAs(); it never signs in with a password, so the hash is a placeholder. */
export function addUser(t: TestApp, email: string, names: { firstname?: string; lastname?: string; username?: string } = {}): number {
  return t.db
    .insert(users)
    .values({
      username: names.username ?? email,
      email,
      firstname: names.firstname ?? '',
      lastname: names.lastname ?? '',
      passwordHash: 'not-a-usable-hash',
      createdAt: t.clock.now(),
    })
    .returning({ id: users.id })
    .get().id;
}

/** A new small quote of `client`'s, shared: the token of its customer's link. */
export async function sharedTokenOfNewQuote(client: TestClient): Promise<string> {
  const saved = await client.post('/api/configurations', smallSaveBody());
  const shared = await client.post(`/api/configurations/${saved.body.id}/share`);
  expect(shared.status).toBe(201);
  return (shared.body.url as string).split('/q/')[1]!;
}
