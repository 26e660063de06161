import { describe, expect, it } from 'vitest';
import { calculateQuote } from './calculate';
import { quoteResultFromJson } from './from-json';
import { quoteResultToJson } from './to-json';
import { catalog as fixtureCatalog } from './test-fixtures';

describe('quoteResultFromJson', () => {
  it('gives back the result a snapshot was made from, to the cent', () => {
    const catalog = fixtureCatalog;
    const result = calculateQuote(
      {
        packageId: 2,
        pricingModel: 'sqm',
        squareMeters: 1234,
        locations: 3,
        addOns: [{ id: 1, waiveSetupFee: true }, 2],
        customItems: [{ name: 'Training', price: 800, isOneTime: true }],
        selectedDiscountIds: catalog.discounts.map((d) => d.id),
        contractDuration: 24,
        paymentFrequency: 'quarterly',
      },
      catalog,
    );
    expect(quoteResultToJson(quoteResultFromJson(quoteResultToJson(result)))).toEqual(quoteResultToJson(result));
    expect(quoteResultFromJson(quoteResultToJson(result)).total).toBe(result.total);
  });
});
