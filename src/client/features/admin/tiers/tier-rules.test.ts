import { describe, expect, it } from 'vitest';
import { replaceTiersInput } from '../../../../shared/schemas/catalog-admin';
import { checkGenerator, GENERATOR_DEFAULTS, toReplaceTiers } from './generator-form';
import { monthlyAt, tierRangeLabel } from './tier-format';
import { addRow, checkRows, removeRow, rowsFromTiers, updateRow, type TierRow } from './tier-rows';

const rows = (...r: [string, string, string][]): TierRow[] => r.map(([min, max, price], i) => ({ key: `k${i}`, min, max, price }));

describe('tier table texts', () => {
  it('reads ranges and the open tier as the seed shows them', () => {
    expect(tierRangeLabel(100, 999, 'unit')).toBe('100 – 999 units');
    expect(tierRangeLabel(5000, null, 'unit')).toBe('5,000 units+');
    expect(tierRangeLabel(10, 49, 'user')).toBe('10 – 49 users');
  });
  it('prices a tier at its ends exactly, and the open end as No limit', () => {
    expect(monthlyAt('2.50', 1000)).toBe('€2,500.00');
    expect(monthlyAt('0.10', 3)).toBe('€0.30');
    expect(monthlyAt('2.00', null)).toBe('No limit');
  });
});

describe('tier editor rows', () => {
  it('loads tiers with a blank max for the open one', () => {
    const r = rowsFromTiers([
      { id: 1, min: 100, max: 999, price: '3.00' },
      { id: 2, min: 1000, max: null, price: '2.50' },
    ]);
    expect(r.map(({ min, max, price }) => [min, max, price])).toEqual([
      ['100', '999', '3.00'],
      ['1000', '', '2.50'],
    ]);
  });

  it('adds a first row from 0, a row after a closed tier, and closes an open last tier', () => {
    expect(addRow([]).map(({ min, max, price }) => [min, max, price])).toEqual([['0', '', '']]);
    expect(addRow(rows(['100', '999', '3.00'])).map(({ min, max }) => [min, max])).toEqual([
      ['100', '999'],
      ['1000', ''],
    ]);
    expect(addRow(rows(['100', '999', '3.00'], ['1000', '', '2.50'])).map(({ min, max, price }) => [min, max, price])).toEqual([
      ['100', '999', '3.00'],
      ['1000', '1899', '2.50'],
      ['1900', '', '2.50'],
    ]);
    expect(checkRows(addRow(rows(['100', '999', '3.00'], ['1000', '', '2.50']))).tiers).not.toBeNull();
  });

  it('updates and removes one row by key', () => {
    const r = rows(['0', '9', '1'], ['10', '', '2']);
    expect(updateRow(r, 'k1', { price: '3' })[1]).toEqual({ key: 'k1', min: '10', max: '', price: '3' });
    expect(removeRow(r, 'k0').map((x) => x.key)).toEqual(['k1']);
  });

  it('flags each bad cell with the server words', () => {
    const c = checkRows(rows(['', '5', '0'], ['10', '4', 'x'], ['1.5', 'abc', '2']));
    expect(c.tiers).toBeNull();
    expect(c.rowErrors).toEqual({
      k0: { min: 'Minimum must be a whole number of 0 or more', price: 'Price must be greater than 0' },
      k1: { max: 'The maximum of a tier must not be below its minimum', price: 'Price must be greater than 0' },
      k2: { min: 'Minimum must be a whole number of 0 or more', max: 'Maximum must be a whole number, or empty for no limit' },
    });
  });

  it('reads numbers as typed: a decimal comma is a decimal, "1e3", "-5" and "12.5" bounds are refused, a price over the limit says so', () => {
    const c = checkRows(rows(['1e3', '-5', '3,80'], ['12.5', '2000', '100000000'], ['3000', '', '2,5']));
    expect(c.rowErrors).toEqual({
      k0: { min: 'Minimum must be a whole number of 0 or more', max: 'Maximum must be a whole number, or empty for no limit' },
      k1: { min: 'Minimum must be a whole number of 0 or more', price: 'Price is too large' },
    });
    expect(checkRows(rows(['100', '999', '3,80'], ['1000', '', '1.234,50'])).tiers).toEqual([
      { min: 100, max: 999, price: 380 },
      { min: 1000, max: null, price: 123450 },
    ]);
  });

  it('refuses overlaps and an open tier that is not the last', () => {
    expect(checkRows(rows(['0', '100', '1'], ['100', '', '1'])).setError).toBe('Tier ranges must not overlap');
    expect(checkRows(rows(['0', '', '1'], ['100', '', '1'])).setError).toBe('Only the last tier may have no upper limit');
  });

  it('sends valid rows sorted, blank max as null, prices in cents; the server schema accepts them', () => {
    const c = checkRows(rows(['1000', '', '2.5'], ['100', '999', '3']));
    expect(c.tiers).toEqual([
      { min: 100, max: 999, price: 300 },
      { min: 1000, max: null, price: 250 },
    ]);
    expect(replaceTiersInput.safeParse({ packageId: 1, kind: 'unit', tiers: c.tiers }).success).toBe(true);
  });
});

describe('auto-generate form', () => {
  it('has the seed defaults and previews 100, 325, 550, 775, 1000 at 3.00 … 1.00', () => {
    expect(GENERATOR_DEFAULTS.unit).toEqual({ min: '100', max: '1000', priceAtMin: '3', priceAtMax: '1', count: '5' });
    expect(GENERATOR_DEFAULTS.user).toEqual({ min: '10', max: '100', priceAtMin: '15', priceAtMax: '6', count: '5' });
    const c = checkGenerator(GENERATOR_DEFAULTS.unit);
    expect(c.errors).toEqual({});
    expect(toReplaceTiers(c.tiers!)).toEqual([
      { min: 100, max: 324, price: '3.00' },
      { min: 325, max: 549, price: '2.50' },
      { min: 550, max: 774, price: '2.00' },
      { min: 775, max: 999, price: '1.50' },
      { min: 1000, max: null, price: '1.00' },
    ]);
  });

  it('user defaults: 10 … 100 at 15.00 … 6.00', () => {
    const t = toReplaceTiers(checkGenerator(GENERATOR_DEFAULTS.user).tiers!);
    expect(t.map((x) => [x.min, x.price])).toEqual([
      [10, '15.00'],
      [33, '12.75'],
      [55, '10.50'],
      [78, '8.25'],
      [100, '6.00'],
    ]);
  });

  it('refuses min ≥ max, prices ≤ 0, counts outside 2..10, and a range too small', () => {
    const d = GENERATOR_DEFAULTS.unit;
    expect(checkGenerator({ ...d, max: '100' }).errors).toEqual({ max: 'Maximum must be above the minimum' });
    expect(checkGenerator({ ...d, priceAtMin: '0', priceAtMax: '-1' }).errors).toEqual({
      priceAtMin: 'Price must be greater than 0',
      priceAtMax: 'Price must be greater than 0',
    });
    expect(checkGenerator({ ...d, count: '1' }).errors).toEqual({ count: 'Number of tiers must be from 2 to 10' });
    expect(checkGenerator({ ...d, count: '11' }).tiers).toBeNull();
    expect(checkGenerator({ ...d, count: '10' }).tiers).toHaveLength(10);
    expect(checkGenerator({ ...d, min: '-1' }).errors.min).toBe('Minimum must be a whole number of 0 or more');
    expect(checkGenerator({ ...d, min: '0', max: '3', count: '10' }).errors.range).toBe('The range 0–3 is too small for 10 tiers');
  });
});
