import { describe, expect, it } from 'vitest';
import { calculateQuote } from '../../../../shared/pricing';
import { defaultPriceNote, tierRangeLabel } from './tier-format';

describe('tier wording', () => {
  it("a package without tiers says which default price the calculator charges, the engine's own", () => {
    expect(defaultPriceNote('unit')).toBe('Until tiers are added, the calculator uses the default €2.50 per unit for this package.');
    expect(defaultPriceNote('user')).toBe('Until tiers are added, the calculator uses the default €10.00 per user for this package.');
    const pkg = { id: 1, name: 'Bare', basePrice: 0, setupFee: 0, extraLocationPrice: 0, priceTiers: [], userPriceTiers: [] };
    const q = calculateQuote({ packageId: 1, squareMeters: 100, userCount: 10 }, { packages: [pkg], addOns: [], discounts: [] });
    expect(q.originalPricePerSqm4 / 10000).toBe(2.5);
    expect(q.originalPricePerUser4 / 10000).toBe(10);
  });
  it('ranges', () => {
    expect(tierRangeLabel(5000, null, 'unit')).toBe('5,000 units+');
    expect(tierRangeLabel(10, 49, 'user')).toBe('10 – 49 users');
  });
});
