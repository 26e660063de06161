// The saved-configurations table: sorted, paged by 30 and searched on the server.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicMessageOf } from '../../src/server/trpc/errors';
import { CONFIGURATION_SORTS } from '../../src/shared/schemas/configuration';
import { addUser, demoIds, type DemoIds } from '../support/configurations';
import { MINUTE } from '../support/clock';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
const SORTER = 'sorter@example.com';
const PAGER = 'pager@example.com';

type Made = { id: number; name: string; createdAt: string; packageName: string; locations: number; contractDuration: number; tcv: string };
const made: Made[] = [];

/**
 * Rows chosen so every sort column has ties (broken by id) and differs from the creation order.
 * TCV by hand (monthly payment, no add-ons or discounts; total × months + setup fee):
 *   Gamma   Entry    100 units, 1 loc, 12 m: (99 + 300) × 12 + 499          =   5287.00
 *   Alpha   Ultimate 100 units, 1 loc, 12 m: (399 + 400) × 12 + 1999       =  11587.00
 *   Delta   Entry    100 units, 5 loc, 36 m: (99 + 300 + 4 × 49) × 36 + 499 =  21919.00
 *   Beta    Advanced 100 units, 2 loc, 24 m: (199 + 350 + 79) × 24 + 999    =  16071.00
 *   Epsilon Advanced 100 units, 1 loc, 12 m: (199 + 350) × 12 + 999         =   7587.00
 */
const rows = [
  { name: 'Gamma', pkg: 'Entry', locations: 1, contractDuration: 12, tcv: '5287.00' },
  { name: 'Alpha', pkg: 'Ultimate', locations: 1, contractDuration: 12, tcv: '11587.00' },
  { name: 'Delta', pkg: 'Entry', locations: 5, contractDuration: 36, tcv: '21919.00' },
  { name: 'Beta', pkg: 'Advanced', locations: 2, contractDuration: 24, tcv: '16071.00' },
  { name: 'Epsilon', pkg: 'Advanced', locations: 1, contractDuration: 12, tcv: '7587.00' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  ids = demoIds(t);
  addUser(t, SORTER, { firstname: 'Sora', lastname: 'Ter' });
  addUser(t, PAGER, { firstname: 'Page', lastname: 'R' });
  const sorter = t.callerAs(SORTER);
  for (const r of rows) {
    t.clock.advance(MINUTE);
    const c = await sorter.configurations.create({
      name: r.name,
      packageId: ids.pkg(r.pkg),
      squareMeters: 100,
      locations: r.locations,
      contractDuration: r.contractDuration,
      paymentFrequency: 'monthly',
    });
    expect(c.tcv).toBe(r.tcv);
    made.push(c);
  }
  const pager = t.callerAs(PAGER);
  const names = ['Acme Corp', 'ACME Holding', 'Beta 100% deal', 'under_score', 'Café Müller'];
  for (let i = 0; i < 31; i++) {
    await pager.configurations.create({ name: names[i] ?? `Client ${i}`, packageId: ids.pkg('Entry'), squareMeters: 100 });
  }
});
afterAll(() => t.close());

function expectedOrder(sort: (typeof CONFIGURATION_SORTS)[number], direction: 'asc' | 'desc'): string[] {
  const key = (c: Made): number | string => (sort === 'tcv' ? Number(c.tcv) : sort === 'createdAt' ? Date.parse(c.createdAt) : c[sort]);
  const sign = direction === 'asc' ? 1 : -1;
  return [...made]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return sign * (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id);
    })
    .map((c) => c.name);
}

describe('sorting', () => {
  it('sorts by each column in both directions, ties broken by id', async () => {
    const sorter = t.callerAs(SORTER);
    for (const sort of CONFIGURATION_SORTS) {
      for (const direction of ['asc', 'desc'] as const) {
        const page = await sorter.configurations.list({ sort, direction });
        expect(
          page.items.map((c) => c.name),
          `${sort} ${direction}`,
        ).toEqual(expectedOrder(sort, direction));
      }
    }
  });

  it('gives the orders a user would expect, spelled out', async () => {
    const sorter = t.callerAs(SORTER);
    const names = async (sort: (typeof CONFIGURATION_SORTS)[number], direction: 'asc' | 'desc') =>
      (await sorter.configurations.list({ sort, direction })).items.map((c) => c.name);
    expect(await names('tcv', 'desc')).toEqual(['Delta', 'Beta', 'Alpha', 'Epsilon', 'Gamma']);
    expect(await names('createdAt', 'desc')).toEqual(['Epsilon', 'Beta', 'Delta', 'Alpha', 'Gamma']);
    expect(await names('packageName', 'asc')).toEqual(['Beta', 'Epsilon', 'Gamma', 'Delta', 'Alpha']);
    expect(await names('locations', 'desc')).toEqual(['Delta', 'Beta', 'Epsilon', 'Alpha', 'Gamma']);
    expect(await names('contractDuration', 'asc')).toEqual(['Gamma', 'Alpha', 'Epsilon', 'Beta', 'Delta']);
  });

  it('defaults to newest first', async () => {
    const page = await t.callerAs(SORTER).configurations.list({});
    expect(page.items.map((c) => c.name)).toEqual(['Epsilon', 'Beta', 'Delta', 'Alpha', 'Gamma']);
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 30 });
    expect(page.items[0]).toMatchObject({ createdBy: 'Sora Ter', tcv: '7587.00' });
  });

  it('refuses an unknown sort column, direction or page with 400 and a readable message', async () => {
    const sorter = t.callerAs(SORTER);
    const refusal = async (input: Record<string, unknown>) => {
      const error = await sorter.configurations.list(input).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TRPCError);
      return { code: (error as TRPCError).code, message: publicMessageOf(error as TRPCError) };
    };
    expect(await refusal({ sort: 'name' })).toEqual({
      code: 'BAD_REQUEST',
      message: 'Sort must be one of createdAt, packageName, locations, contractDuration, tcv',
    });
    expect(await refusal({ direction: 'up' })).toEqual({ code: 'BAD_REQUEST', message: 'Direction must be asc or desc' });
    expect(await refusal({ page: 0 })).toEqual({ code: 'BAD_REQUEST', message: 'Page must be a whole number of 1 or more' });
  });
});

describe('paging', () => {
  it('splits 31 rows into a page of 30 and a page of 1, without overlap', async () => {
    const pager = t.callerAs(PAGER);
    const first = await pager.configurations.list({ page: 1 });
    const second = await pager.configurations.list({ page: 2 });
    expect(first).toMatchObject({ total: 31, page: 1, pageSize: 30 });
    expect(first.items).toHaveLength(30);
    expect(second).toMatchObject({ total: 31, page: 2, pageSize: 30 });
    expect(second.items).toHaveLength(1);
    // all created in the same millisecond: newest first falls back to the highest id first
    expect(second.items[0]!.name).toBe('Acme Corp');
    const all = new Set([...first.items, ...second.items].map((c) => c.id));
    expect(all.size).toBe(31);
    const third = await pager.configurations.list({ page: 3 });
    expect(third).toMatchObject({ items: [], total: 31, page: 3 });
  });

  it('pages everyone’s for an admin: 5 + 31 + what the admin has', async () => {
    const admin = t.callerAs('admin@example.com');
    const first = await admin.configurations.list({ sort: 'tcv', direction: 'asc', page: 2 });
    expect(first.total).toBe(36);
    expect(first.items).toHaveLength(6);
  });
});

describe('search', () => {
  it('finds names containing the text, ignoring case, and counts only the matches', async () => {
    const pager = t.callerAs(PAGER);
    const acme = await pager.configurations.list({ search: 'acme', sort: 'createdAt', direction: 'asc' });
    expect(acme.items.map((c) => c.name)).toEqual(['Acme Corp', 'ACME Holding']);
    expect(acme.total).toBe(2);
    expect((await pager.configurations.list({ search: '  HOLD  ' })).items.map((c) => c.name)).toEqual(['ACME Holding']);
  });

  it('treats % and _ as plain characters', async () => {
    const pager = t.callerAs(PAGER);
    expect((await pager.configurations.list({ search: '%' })).items.map((c) => c.name)).toEqual(['Beta 100% deal']);
    expect((await pager.configurations.list({ search: '_' })).items.map((c) => c.name)).toEqual(['under_score']);
    expect((await pager.configurations.list({ search: 'Müller' })).items.map((c) => c.name)).toEqual(['Café Müller']);
  });

  it('searches only what the caller may see', async () => {
    expect((await t.callerAs(SORTER).configurations.list({ search: 'acme' })).total).toBe(0);
    expect((await t.callerAs('admin@example.com').configurations.list({ search: 'acme' })).total).toBe(2);
  });

  it('answers an empty page when nothing matches, and an empty search matches everything', async () => {
    const pager = t.callerAs(PAGER);
    expect(await pager.configurations.list({ search: 'no such client' })).toMatchObject({ items: [], total: 0 });
    expect((await pager.configurations.list({ search: '   ' })).total).toBe(31);
  });
});
