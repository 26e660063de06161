import { describe, expect, it } from 'vitest';
import { FALLBACK_SQM_PRICE, FALLBACK_USER_PRICE, nextTierBreak, smallestTierMinimum, tierPrice } from './tiers';

const tiers = [
  { min: 501, max: 1000, price: 200 },
  { min: 1, max: 500, price: 250 },
  { min: 1001, max: null, price: 150 },
];

describe('tierPrice', () => {
  it('picks the tier with min <= q <= max, whatever the stored order', () => {
    expect(tierPrice(tiers, 1, 999)).toBe(250);
    expect(tierPrice(tiers, 500, 999)).toBe(250);
    expect(tierPrice(tiers, 501, 999)).toBe(200);
    expect(tierPrice(tiers, 1000, 999)).toBe(200);
    expect(tierPrice(tiers, 1001, 999)).toBe(150);
    expect(tierPrice(tiers, 10 ** 9, 999)).toBe(150);
  });
  it('no match -> the last tier (highest minimum)', () => {
    expect(tierPrice(tiers, 0, 999)).toBe(150); // below the first
    const gap = [
      { min: 300, max: 400, price: 275 },
      { min: 100, max: 200, price: 300 },
    ];
    expect(tierPrice(gap, 250, 999)).toBe(275);
    expect(tierPrice(gap, 401, 999)).toBe(275);
    expect(tierPrice(gap, 99, 999)).toBe(275);
  });
  it('overlapping tiers: the first in ascending-min order wins; equal minimums keep stored order', () => {
    expect(
      tierPrice(
        [
          { min: 50, max: null, price: 2 },
          { min: 0, max: 100, price: 1 },
        ],
        60,
        999,
      ),
    ).toBe(1);
    expect(
      tierPrice(
        [
          { min: 0, max: 100, price: 1 },
          { min: 0, max: 100, price: 2 },
        ],
        60,
        999,
      ),
    ).toBe(1);
    // last tier on equal minimums is the later one (stable sort)
    expect(
      tierPrice(
        [
          { min: 0, max: 10, price: 1 },
          { min: 0, max: 10, price: 2 },
        ],
        60,
        999,
      ),
    ).toBe(2);
  });
  it('falls back for no tiers or an invalid price', () => {
    expect(tierPrice([], 10, FALLBACK_SQM_PRICE)).toBe(250);
    expect(tierPrice(undefined, 10, FALLBACK_USER_PRICE)).toBe(1000);
    for (const bad of [0, -1, Number.NaN, Infinity, 2.5]) {
      expect(tierPrice([{ min: 0, max: null, price: bad }], 10, 250)).toBe(250);
    }
    // only the chosen tier's price matters
    expect(
      tierPrice(
        [
          { min: 0, max: 5, price: 0 },
          { min: 6, max: null, price: 180 },
        ],
        10,
        250,
      ),
    ).toBe(180);
  });
});

describe('nextTierBreak', () => {
  const volume = [
    { min: 100, max: 999, price: 300 },
    { min: 1000, max: 4999, price: 250 },
    { min: 5000, max: null, price: 200 },
  ];
  it('names the cheaper tier when the quantity is within 10 % below its minimum', () => {
    expect(nextTierBreak(volume, 999, FALLBACK_SQM_PRICE)).toEqual({ min: 1000, price: 250 });
    expect(nextTierBreak(volume, 900, FALLBACK_SQM_PRICE)).toEqual({ min: 1000, price: 250 });
    expect(nextTierBreak(volume, 4500, FALLBACK_SQM_PRICE)).toEqual({ min: 5000, price: 200 });
  });
  it('says nothing far from a break, inside the last tier, without tiers, or when the next tier is not cheaper', () => {
    expect(nextTierBreak(volume, 899, FALLBACK_SQM_PRICE)).toBeNull();
    expect(nextTierBreak(volume, 1000, FALLBACK_SQM_PRICE)).toBeNull();
    expect(nextTierBreak(volume, 6000, FALLBACK_SQM_PRICE)).toBeNull();
    expect(nextTierBreak([], 999, FALLBACK_SQM_PRICE)).toBeNull();
    expect(
      nextTierBreak(
        [
          { min: 1, max: 99, price: 100 },
          { min: 100, max: null, price: 120 },
        ],
        95,
        FALLBACK_SQM_PRICE,
      ),
    ).toBeNull();
  });
});

describe('smallestTierMinimum', () => {
  it('is the lowest minimum in any order, null without tiers', () => {
    expect(
      smallestTierMinimum([
        { min: 500, max: null, price: 1 },
        { min: 100, max: 499, price: 2 },
      ]),
    ).toBe(100);
    expect(smallestTierMinimum([])).toBeNull();
    expect(smallestTierMinimum(undefined)).toBeNull();
  });
});
