import { describe, expect, it } from 'vitest';
import { generateTiers, TierGeneratorError } from './generate-tiers';

describe('generateTiers', () => {
  it('contract example: 100-1000 units, 3.00 -> 1.00, 5 tiers', () => {
    const t = generateTiers({ min: 100, max: 1000, priceAtMin: 300, priceAtMax: 100, count: 5 });
    // starts 100 + i * 225; prices 3.00 - i * 0.50
    expect(t.map((x) => x.min)).toEqual([100, 325, 550, 775, 1000]);
    expect(t.map((x) => x.max)).toEqual([324, 549, 774, 999, null]);
    expect(t.map((x) => x.price)).toEqual([300, 250, 200, 150, 100]);
  });

  it('user defaults: 10-100 users, 15.00 -> 6.00, 5 tiers (starts rounded half away from zero)', () => {
    const t = generateTiers({ min: 10, max: 100, priceAtMin: 1500, priceAtMax: 600, count: 5 });
    // starts 10 + i * 22.5 = 10, 32.5 -> 33, 55, 77.5 -> 78, 100; prices 15.00 - i * 2.25
    expect(t).toEqual([
      { min: 10, max: 32, price: 1500 },
      { min: 33, max: 54, price: 1275 },
      { min: 55, max: 77, price: 1050 },
      { min: 78, max: 99, price: 825 },
      { min: 100, max: null, price: 600 },
    ]);
  });

  it('2 tiers', () => {
    expect(generateTiers({ min: 0, max: 10, priceAtMin: 100, priceAtMax: 50, count: 2 })).toEqual([
      { min: 0, max: 9, price: 100 },
      { min: 10, max: null, price: 50 },
    ]);
  });

  it('10 tiers with prices rounded to the cent', () => {
    const t = generateTiers({ min: 100, max: 1000, priceAtMin: 300, priceAtMax: 100, count: 10 });
    // starts every 100; prices 3.00 - i * 2/9: 2.7778 -> 2.78, 2.5556 -> 2.56, 2.3333 -> 2.33, ...
    expect(t.map((x) => x.min)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(t.map((x) => x.max)).toEqual([199, 299, 399, 499, 599, 699, 799, 899, 999, null]);
    expect(t.map((x) => x.price)).toEqual([300, 278, 256, 233, 211, 189, 167, 144, 122, 100]);
  });

  it('rounds each price half away from zero on the price itself, also when prices fall', () => {
    // 3.01 -> 1.00 in 3 tiers: middle 3.01 - 2.01 / 2 = 2.005 -> 2.01 (not 2.00)
    const t = generateTiers({ min: 0, max: 5, priceAtMin: 301, priceAtMax: 100, count: 3 });
    expect(t).toEqual([
      { min: 0, max: 2, price: 301 },
      { min: 3, max: 4, price: 201 }, // start 2.5 -> 3
      { min: 5, max: null, price: 100 },
    ]);
    // rising prices: 1.00 -> 2.01: middle 1.505 -> 1.51
    expect(generateTiers({ min: 0, max: 2, priceAtMin: 100, priceAtMax: 201, count: 3 })[1]!.price).toBe(151);
  });

  it('tiers are contiguous and the last is unbounded', () => {
    for (let n = 2; n <= 10; n++) {
      const t = generateTiers({ min: 7, max: 1234, priceAtMin: 999, priceAtMax: 1, count: n });
      expect(t).toHaveLength(n);
      expect(t[0]!.min).toBe(7);
      expect(t[n - 1]).toMatchObject({ min: 1234, max: null, price: 1 });
      for (let i = 0; i < n - 1; i++) {
        expect(t[i]!.max).toBe(t[i + 1]!.min - 1);
        expect(t[i]!.max!).toBeGreaterThanOrEqual(t[i]!.min);
      }
    }
  });

  it('rejects invalid input with clear messages', () => {
    const ok = { min: 100, max: 1000, priceAtMin: 300, priceAtMax: 100, count: 5 };
    const bad = (over: Partial<typeof ok>) => () => generateTiers({ ...ok, ...over });
    expect(bad({ min: 1000 })).toThrow(TierGeneratorError);
    expect(bad({ min: 1000 })).toThrow('Minimum must be below the maximum');
    expect(bad({ min: 2000 })).toThrow('Minimum must be below the maximum');
    expect(bad({ min: -1 })).toThrow('Minimum must be 0 or more');
    expect(bad({ priceAtMin: 0 })).toThrow('Prices must be greater than 0');
    expect(bad({ priceAtMax: -100 })).toThrow('Prices must be greater than 0');
    expect(bad({ priceAtMax: Number.NaN })).toThrow('Prices must be greater than 0');
    expect(bad({ count: 1 })).toThrow('The number of tiers must be a whole number from 2 to 10');
    expect(bad({ count: 11 })).toThrow('The number of tiers must be a whole number from 2 to 10');
    expect(bad({ count: 2.5 })).toThrow('The number of tiers must be a whole number from 2 to 10');
    expect(bad({ min: 1.5 })).toThrow('Minimum and maximum must be whole numbers');
    expect(bad({ priceAtMin: 2.5 })).toThrow('Prices must be whole cents');
    expect(bad({ min: 0, max: 3, count: 5 })).toThrow('The range 0–3 is too small for 5 tiers');
    expect(generateTiers({ ...ok, min: 0, max: 4, count: 5 }).map((t) => t.min)).toEqual([0, 1, 2, 3, 4]);
  });
});
