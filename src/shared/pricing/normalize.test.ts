import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, normalizeForm } from './normalize';
import { catalog } from './test-fixtures';
import { PricingError, type QuoteFormInput } from './types';

const norm = (input: QuoteFormInput) => normalizeForm({ packageId: 1, ...input }, catalog);

describe('normalizeForm', () => {
  it('applies the defaults for missing fields', () => {
    expect(norm({})).toEqual({
      packageId: 1,
      pricingModel: 'sqm',
      squareMeters: 0,
      userCount: 0,
      locations: 1,
      addOns: [],
      customItems: [],
      selectedDiscountIds: [],
      sellerDiscount: null,
      contractDuration: 12,
      paymentFrequency: 'annually',
    });
  });
  it('throws PricingError for an unknown or unparsable package, also for a non-object input', () => {
    expect(() => norm({ packageId: 42 })).toThrow(new PricingError('Selected package not found'));
    expect(() => norm({ packageId: 'Entry' })).toThrow('Selected package not found');
    expect(() => normalizeForm(null as unknown as QuoteFormInput, catalog)).toThrow('Selected package not found');
  });
  it('quantities: integers, fractions truncated, negatives and junk to the minimum, capped', () => {
    expect(norm({ squareMeters: 12.99, userCount: '7.5', locations: '2' })).toMatchObject({ squareMeters: 12, userCount: 7, locations: 2 });
    expect(norm({ squareMeters: 'x', userCount: -1, locations: -3 })).toMatchObject({ squareMeters: 0, userCount: 0, locations: 1 });
    expect(norm({ squareMeters: 1e15, locations: Infinity })).toMatchObject({ squareMeters: MAX_QUANTITY, locations: 1 });
  });
  it('contract duration and payment frequency', () => {
    expect(norm({ contractDuration: '36' }).contractDuration).toBe(36);
    expect(norm({ contractDuration: 24 }).contractDuration).toBe(24);
    expect(norm({ contractDuration: 48 }).contractDuration).toBe(12);
    expect(norm({ paymentFrequency: 'annual' }).paymentFrequency).toBe('annually');
    expect(norm({ paymentFrequency: 'Monthly' }).paymentFrequency).toBe('annually');
    expect(norm({ paymentFrequency: 'monthly' }).paymentFrequency).toBe('monthly');
  });
  it('add-ons: unknown, unavailable, malformed and repeated ids dropped (first occurrence wins)', () => {
    expect(norm({ addOns: [{ id: '11', waiveSetupFee: true }, 11, 12, 13, 'x', null, { waiveSetupFee: true }, 10.5, 10] }).addOns).toEqual([
      { id: 11, waiveSetupFee: true, quantity: 1 },
      { id: 10, waiveSetupFee: false, quantity: 1 },
    ]);
    expect(norm({ addOns: 'not an array' }).addOns).toEqual([]);
  });
  it('custom items: ids kept or generated, fields defaulted, prices in cents', () => {
    expect(
      norm({
        customItems: [
          { id: 'abc', name: 'A', description: 'd', isOneTime: true, price: '12.345' },
          { id: 7, name: 'B', price: 3 },
          { name: 42, price: 0.004 }, // rounds to 0.00: not a price > 0
          'junk',
          { price: 1 },
        ],
      }).customItems,
    ).toEqual([
      { id: 'abc', name: 'A', description: 'd', isOneTime: true, price: 1235, quantity: 1 },
      { id: '7', name: 'B', description: '', isOneTime: false, price: 300, quantity: 1 },
      { id: 'custom-5', name: '', description: '', isOneTime: false, price: 100, quantity: 1 },
    ]);
  });
  it('selected discount ids: numeric strings, duplicates once, unknown dropped', () => {
    expect(norm({ selectedDiscountIds: ['3', 3, 1, 999, 'x', 2.5, null] }).selectedDiscountIds).toEqual([3, 1]);
  });
});
