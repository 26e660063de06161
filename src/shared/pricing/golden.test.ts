/**
 * Hand-computed quotes on the fixture catalogue (test-fixtures.ts). Amounts are the integer
 * cents a user sees; the arithmetic is written beside each case in euro.
 * Defaults (baseForm): Entry (base 99, setup 500, extra location 25), sqm model, 100 units,
 * 1 location, 12 months, monthly payment.
 */
import { describe, expect, it } from 'vitest';
import {
  calculateQuote,
  eligibleDiscountIds,
  freeMonthsSavings,
  monthlyDiscounts,
  PricingError,
  quoteResultToJson,
  type QuoteFormInput,
  type QuoteResult,
} from './index';
import { baseForm, catalog } from './test-fixtures';

const quote = (over: QuoteFormInput = {}): QuoteResult => {
  const r = calculateQuote({ ...baseForm, ...over }, catalog);
  // every quote: the lines a user sees add up to the totals
  const monthly = r.breakdowns.filter((l) => l.period === 'monthly').reduce((s, l) => s + l.amount, 0);
  const oneTime = r.breakdowns.filter((l) => l.period === 'one_time').reduce((s, l) => s + l.amount, 0);
  expect(monthly).toBe(r.total);
  expect(oneTime).toBe(r.oneTimeCosts);
  expect(r.total).toBe(r.subtotal - r.totalDiscounts);
  return r;
};
const eligible = (over: QuoteFormInput = {}) => eligibleDiscountIds({ ...baseForm, ...over }, catalog);
const amounts = (r: QuoteResult) => r.discounts.map((d) => [d.id, d.amount]);

describe('golden quotes: unit prices and tiers', () => {
  it('1. basic unit-based quote', () => {
    const r = quote({ squareMeters: 150 });
    // 99 + 150 * 2.50 = 375 -> 474.00; setup 500; tcv 474 * 12 + 500 = 6188.00
    expect(r.basePrice).toBe(9900);
    expect(r.sqmPrice).toBe(37500);
    expect(r.userPrice).toBe(0);
    expect(r.totalMonthlyBasePrice).toBe(47400);
    expect(r.subtotal).toBe(47400);
    expect(r.total).toBe(47400);
    expect(r.yearlyTotal).toBe(568800); // 474 * 12
    expect(r.setupFees).toBe(50000);
    expect(r.oneTimeCosts).toBe(50000);
    expect(r.tcv).toBe(618800);
    expect(r.tax).toBe(0);
    expect(r.pricePerSqm4).toBe(25000); // 2.5000
    expect(r.originalPricePerSqm4).toBe(25000);
    expect(r.originalPricePerUser4).toBe(90000); // 0 users is below the first user tier (1-10): none matches -> last tier (51+) = 9.0000
  });

  it('2. tier edge: exactly at a minimum (501 -> 2.00 tier)', () => {
    const r = quote({ squareMeters: 501 });
    // 501 * 2.00 = 1002.00; + 99 = 1101.00
    expect(r.sqmPrice).toBe(100200);
    expect(r.total).toBe(110100);
    expect(r.originalPricePerSqm4).toBe(20000);
  });

  it('3. tier edge: exactly at a maximum (500 -> 2.50 tier)', () => {
    const r = quote({ squareMeters: 500 });
    // 500 * 2.50 = 1250.00; + 99 = 1349.00
    expect(r.sqmPrice).toBe(125000);
    expect(r.total).toBe(134900);
  });

  it('4. unsorted tiers are sorted; 1000 is the top of 2.00, 1001 starts the unbounded 1.50', () => {
    // 1000 * 2.00 + 99 = 2099.00 ; 1001 * 1.50 = 1501.50 + 99 = 1600.50
    expect(quote({ squareMeters: 1000 }).total).toBe(209900);
    expect(quote({ squareMeters: 1001 }).total).toBe(160050);
  });

  it('5. above the last bounded tier -> last tier price', () => {
    const r = quote({ packageId: 2, squareMeters: 500 });
    // Advanced tiers 100-200 @3.00, 300-400 @2.75: 500 -> 2.75; 500 * 2.75 = 1375 + 199 = 1574.00
    expect(r.originalPricePerSqm4).toBe(27500);
    expect(r.total).toBe(157400);
  });

  it('6. between tiers (gap) and below the first -> last tier price', () => {
    // 250 in the gap: 250 * 2.75 = 687.50 + 199 = 886.50
    expect(quote({ packageId: 2, squareMeters: 250 }).total).toBe(88650);
    // 50 below 100: 50 * 2.75 = 137.50 + 199 = 336.50
    expect(quote({ packageId: 2, squareMeters: 50 }).total).toBe(33650);
    // 150 inside the first: 150 * 3.00 = 450 + 199 = 649.00
    expect(quote({ packageId: 2, squareMeters: 150 }).total).toBe(64900);
  });

  it('7. no user tiers -> 10.00 per user', () => {
    const r = quote({ packageId: 2, pricingModel: 'user', userCount: 7 });
    // 199 + 7 * 10.00 = 269.00
    expect(r.userPrice).toBe(7000);
    expect(r.sqmPrice).toBe(0);
    expect(r.total).toBe(26900);
    expect(r.originalPricePerUser4).toBe(100000);
    expect(r.pricePerUser4).toBe(100000);
  });

  it('8. invalid tier prices (0, NaN) -> fallback 2.50 / 10.00', () => {
    const r = quote({ packageId: 3, squareMeters: 100 });
    // 499 + 100 * 2.50 = 749.00; setup 0
    expect(r.total).toBe(74900);
    expect(r.originalPricePerSqm4).toBe(25000);
    expect(r.originalPricePerUser4).toBe(100000);
    expect(r.oneTimeCosts).toBe(0);
    const u = quote({ packageId: 3, pricingModel: 'user', userCount: 3 });
    // 499 + 3 * 10.00 = 529.00
    expect(u.total).toBe(52900);
  });

  it('9. user model uses the user tiers; the unused unit price is still looked up', () => {
    const r = quote({ pricingModel: 'user', userCount: 11, squareMeters: 600 });
    // 11 users -> 12.00 tier: 132.00 + 99 = 231.00; units ignored but 600 -> 2.00 reported
    expect(r.userPrice).toBe(13200);
    expect(r.sqmPrice).toBe(0);
    expect(r.total).toBe(23100);
    expect(r.originalPricePerSqm4).toBe(20000);
    expect(r.pricePerSqm4).toBe(20000);
  });
});

describe('golden quotes: locations, add-ons, custom items', () => {
  it('10. extra locations', () => {
    const r = quote({ locations: 3 });
    // 99 + 100 * 2.50 + (3 - 1) * 25 = 99 + 250 + 50 = 399.00
    expect(r.additionalLocationCost).toBe(5000);
    expect(r.totalMonthlyBasePrice).toBe(39900);
    expect(r.total).toBe(39900);
    expect(r.breakdowns.find((l) => l.kind === 'locations')).toMatchObject({ quantity: 2, unitPrice: 2500, amount: 5000 });
  });

  it('11. add-ons: ids as numbers, strings and objects; one not available for the package is dropped', () => {
    const r = quote({ addOns: [10, '11', { id: 12 }] });
    // Analytics (12) is not available for Entry. fees 29 + 49 = 78; 349 + 78 = 427.00
    // setup 500 + 99 + 0 = 599.00
    expect(r.form.addOns).toEqual([
      { id: 10, waiveSetupFee: false, quantity: 1 },
      { id: 11, waiveSetupFee: false, quantity: 1 },
    ]);
    expect(r.addOnsFees).toBe(7800);
    expect(r.subtotal).toBe(42700);
    expect(r.addOnsSetupFees).toBe(9900);
    expect(r.setupFees).toBe(59900);
    expect(r.oneTimeCosts).toBe(59900);
    // monthly 427 * 12 + 599 = 5723.00
    expect(r.tcv).toBe(572300);
  });

  it('12. duplicate add-on counts once; only waiveSetupFee: true waives', () => {
    const r = quote({ addOns: [{ id: 10, waiveSetupFee: true }, 10, { id: '10' }, 99] });
    // one Visitor Management: 349 + 29 = 378.00; setup 500 + 0 (99 waived) = 500.00
    expect(r.form.addOns).toEqual([{ id: 10, waiveSetupFee: true, quantity: 1 }]);
    expect(r.subtotal).toBe(37800);
    expect(r.addOnsSetupFees).toBe(0);
    expect(r.setupFees).toBe(50000);
    const line = r.breakdowns.find((l) => l.kind === 'addon_setup');
    expect(line).toMatchObject({ amount: 0, originalAmount: 9900, waived: true, refId: 10 });
    const notWaived = quote({ addOns: [{ id: 10, waiveSetupFee: 'true' }] });
    // 'true' (a string) does not waive: 500 + 99 = 599.00
    expect(notWaived.addOnsSetupFees).toBe(9900);
  });

  it('13. custom items: recurring and one-time; price <= 0 or not a number ignored; price rounded to cents', () => {
    const r = quote({
      customItems: [
        { name: 'Support', price: 49.99 },
        { name: 'Install', price: '150', isOneTime: true },
        { name: 'Free', price: 0 },
        { name: 'Negative', price: -5 },
        { name: 'Text', price: 'abc' },
        { name: 'Null', price: null },
        { name: 'Rounded', price: 1.005, isOneTime: 'yes' },
      ],
    });
    // recurring: 49.99 + 1.005 -> 1.01 (isOneTime 'yes' is not true) = 51.00; 349 + 51 = 400.00
    // one-time: 150; 500 + 150 = 650.00
    expect(r.form.customItems.map((c) => [c.name, c.price, c.isOneTime])).toEqual([
      ['Support', 4999, false],
      ['Install', 15000, true],
      ['Rounded', 101, false],
    ]);
    expect(r.customRecurring).toBe(5100);
    expect(r.subtotal).toBe(40000);
    expect(r.customOneTime).toBe(15000);
    expect(r.setupFees).toBe(50000); // package + add-ons only
    expect(r.oneTimeCosts).toBe(65000);
    // tcv 400 * 12 + 650 = 5450.00
    expect(r.tcv).toBe(545000);
  });
});

describe('golden quotes: discounts', () => {
  it('14. percentage', () => {
    const r = quote({ selectedDiscountIds: [1] });
    // 349.00 * 10% = 34.90; total 314.10
    expect(amounts(r)).toEqual([[1, 3490]]);
    expect(r.totalDiscounts).toBe(3490);
    expect(r.total).toBe(31410);
    expect(r.yearlyTotal).toBe(376920);
  });

  it('15. two percentages, each on the same base (not compounded)', () => {
    const r = quote({ selectedDiscountIds: ['2', 1] });
    // 10% of 349 = 34.90, 5% of 349 = 17.45 (ascending id); total 349 - 52.35 = 296.65
    expect(amounts(r)).toEqual([
      [1, 3490],
      [2, 1745],
    ]);
    expect(r.total).toBe(29665);
  });

  it('16. fixed amount (value 2550 = €25.50)', () => {
    const r = quote({ selectedDiscountIds: [3] });
    // 349.00 - 25.50 = 323.50
    expect(r.total).toBe(32350);
    expect(r.discounts[0]).toMatchObject({ id: 3, type: 'fixed', amount: 2550, value: 2550 });
  });

  it('17. sqm_percentage reduces the unit price; percentage applies after it', () => {
    const r = quote({ selectedDiscountIds: [1, 4] });
    // units 100 * 2.50 = 250; 20% = 50.00 -> price per unit 2.00
    // percentage base 349 - 50 = 299; 10% = 29.90; total 299 - 29.90 = 269.10
    expect(amounts(r)).toEqual([
      [4, 5000],
      [1, 2990],
    ]);
    expect(r.pricePerSqm4).toBe(20000);
    expect(r.originalPricePerSqm4).toBe(25000);
    expect(r.sqmPrice).toBe(25000); // the gross variable part is shown; the discount is its own line
    expect(r.total).toBe(26910);
  });

  it('18. user_percentage only with the user model; sqm_percentage ignored there', () => {
    const r = quote({ pricingModel: 'user', userCount: 10, selectedDiscountIds: [4, 5] });
    // 10 users * 15.00 = 150; 15% = 22.50; price per user 15 * 0.85 = 12.75; total 99 + 150 - 22.50 = 226.50
    expect(amounts(r)).toEqual([[5, 2250]]);
    expect(r.pricePerUser4).toBe(127500);
    expect(r.pricePerSqm4).toBe(r.originalPricePerSqm4);
    expect(r.total).toBe(22650);
    const s = quote({ selectedDiscountIds: [5] });
    // user_percentage with the sqm model is ignored: 349.00
    expect(s.discounts).toEqual([]);
    expect(s.total).toBe(34900);
  });

  it('19. percentages above 100 count as 100', () => {
    const r = quote({ selectedDiscountIds: [19] });
    // 150% -> 100% of 349.00 = 349.00; total 0
    expect(amounts(r)).toEqual([[19, 34900]]);
    expect(r.total).toBe(0);
    expect(r.totalDiscounts).toBe(34900);
    const u = quote({ selectedDiscountIds: [4, 27], squareMeters: 100 });
    // 20% + 0.5% units: 250 * 20% = 50.00, 250 * 0.5% = 1.25; price 2.50 * (1 - 0.205) = 1.9875
    expect(amounts(u)).toEqual([
      [4, 5000],
      [27, 125],
    ]);
    expect(u.pricePerSqm4).toBe(19875);
  });

  it('20. fixed discount capped at what is left', () => {
    const r = quote({ selectedDiscountIds: [20, 1] });
    // 10% = 34.90; left 314.10; fixed 100000.00 capped at 314.10; total 0
    expect(amounts(r)).toEqual([
      [1, 3490],
      [20, 31410],
    ]);
    expect(r.totalDiscounts).toBe(34900);
    expect(r.total).toBe(0);
    expect(r.yearlyTotal).toBe(0);
    // tcv 0 * 12 + 500 setup = 500.00
    expect(r.tcv).toBe(50000);
  });

  it('21. a total that would go negative is clamped; total = subtotal - totalDiscounts', () => {
    const r = quote({ selectedDiscountIds: [19, 3, 20] });
    // 100% = 349.00; fixed 25.50 and 100000 capped at 0 (nothing left)
    expect(amounts(r)).toEqual([
      [19, 34900],
      [3, 0],
      [20, 0],
    ]);
    expect(r.total).toBe(0);
    expect(r.subtotal - r.totalDiscounts).toBe(0);
  });

  it('22. free months: rounded half away from zero, added to the contract, not paid', () => {
    const r = quote({ contractDuration: 24, selectedDiscountIds: [6, 21] });
    // 2 + round(1.5) = 2 + 2 = 4 free months; paid 24, contract 28 months
    // shown amounts: 2 * 349 = 698.00 each; tcv 349 * 24 + 500 = 8876.00
    expect(r.freeMonths).toBe(4);
    expect(r.paidMonths).toBe(24);
    expect(r.contractMonths).toBe(28);
    expect(r.total).toBe(34900);
    expect(r.totalDiscounts).toBe(0);
    expect(amounts(r)).toEqual([
      [6, 69800],
      [21, 69800],
    ]);
    expect(freeMonthsSavings(r)).toBe(139600);
    expect(monthlyDiscounts(r)).toEqual([]);
    expect(r.tcv).toBe(887600);
  });

  it('23. setup_fee_discount on setup fees plus one-time items, rounded half away from zero', () => {
    const r = quote({ addOns: [10], customItems: [{ name: 'Install', price: 150, isOneTime: true }], selectedDiscountIds: [7] });
    // (500 + 99 + 150) * 50% = 749 * 0.5 = 374.50; one-time 374.50
    expect(r.setupDiscount).toBe(37450);
    expect(r.oneTimeCosts).toBe(37450);
    expect(r.setupFees).toBe(59900);
    const t = quote({ packageId: 4, squareMeters: 0, customItems: [{ name: 'Cent', price: 0.01, isOneTime: true }], selectedDiscountIds: [7] });
    // Tiny: (10.00 + 0.01) * 50% = 5.005 -> 5.01; one-time 10.01 - 5.01 = 5.00
    expect(t.setupDiscount).toBe(501);
    expect(t.oneTimeCosts).toBe(500);
    expect(t.discounts).toEqual([{ id: 7, name: 'Setup 50%', type: 'setup_fee_discount', amount: 501, value: 5000 }]);
  });

  it('24. setup discounts each on the same sum, capped at what is left (150% counts as 100%)', () => {
    const r = quote({ addOns: [10], selectedDiscountIds: [26, 7] });
    // base 599.00; 50% = 299.50; 100% = 599.00 capped at 299.50; one-time 0
    expect(amounts(r)).toEqual([
      [7, 29950],
      [26, 29950],
    ]);
    expect(r.setupDiscount).toBe(59900);
    expect(r.oneTimeCosts).toBe(0);
    // tcv 378 * 12 + 0 = 4536.00
    expect(r.tcv).toBe(453600);
  });

  it('25. rounding half away from zero on percentages and unit prices', () => {
    const r = quote({ packageId: 4, squareMeters: 50, selectedDiscountIds: [23, 27] });
    // Tiny: 10.00 + 50 * 0.01 = 10.50; units 0.50 * 0.5% = 0.0025 -> 0.00
    // price per unit 0.01 * 0.995 = 0.00995 -> 0.0100 (4 decimals, half away from zero)
    // 0.5% of 10.50 = 0.0525 -> 0.05; total 10.45
    expect(amounts(r)).toEqual([
      [27, 0],
      [23, 5],
    ]);
    expect(r.pricePerSqm4).toBe(100);
    expect(r.total).toBe(1045);
    const h = quote({ packageId: 4, squareMeters: 100, selectedDiscountIds: [2] });
    // 10.00 + 1.00 = 11.00; 5% = 0.55 -> total 10.45
    expect(h.total).toBe(1045);
    const half = quote({ packageId: 4, squareMeters: 10, selectedDiscountIds: [2] });
    // 10.00 + 0.10 = 10.10; 5% = 0.505 -> 0.51 (half away from zero); total 9.59
    expect(amounts(half)).toEqual([[2, 51]]);
    expect(half.total).toBe(959);
  });

  it('26. all kinds together, listed monthly ones first, then setup, then free months', () => {
    const r = quote({
      addOns: [10, { id: 11, waiveSetupFee: true }],
      customItems: [
        { name: 'x', price: 1.005 },
        { name: 'y', price: '150', isOneTime: true },
      ],
      selectedDiscountIds: [6, 7, 3, 1, 4],
    });
    // subtotal 349 + 29 + 49 + 1.01 = 428.01; units 20% of 250 = 50.00
    // 10% of (428.01 - 50) = 37.801 -> 37.80; fixed 25.50; total 428.01 - 113.30 = 314.71
    // setup (500 + 99 + 0 + 150) * 50% = 374.50; free 2 * 314.71 = 629.42
    expect(r.discounts.map((d) => d.type)).toEqual(['sqm_percentage', 'percentage', 'fixed', 'setup_fee_discount', 'free_months']);
    expect(amounts(r)).toEqual([
      [4, 5000],
      [1, 3780],
      [3, 2550],
      [7, 37450],
      [6, 62942],
    ]);
    expect(r.subtotal).toBe(42801);
    expect(r.totalDiscounts).toBe(11330);
    expect(r.total).toBe(31471);
    expect(r.oneTimeCosts).toBe(37450);
    // tcv 314.71 * 12 + 374.50 = 4151.02
    expect(r.tcv).toBe(415102);
  });
});

describe('golden quotes: conditions', () => {
  it('27. contractDuration >=, <, = with a numeric string', () => {
    expect(eligible({ contractDuration: 12 })).not.toContain(8);
    expect(eligible({ contractDuration: 24 })).toContain(8);
    expect(eligible({ contractDuration: '36' })).toContain(8);
    expect(eligible({ contractDuration: 12 })).toContain(24);
    expect(eligible({ contractDuration: 24 })).not.toContain(24);
    expect(eligible({ contractDuration: 36 })).toContain(25);
    expect(eligible({ contractDuration: 24 })).not.toContain(25);
    const r = quote({ contractDuration: 24, selectedDiscountIds: [8, 24] });
    // only 8 applies: 10% of 349 = 34.90; total 314.10; tcv 314.10 * 24 + 500 = 8038.40
    expect(amounts(r)).toEqual([[8, 3490]]);
    expect(r.tcv).toBe(803840);
  });

  it('28. squareMeters > "500" (numeric string), userCount <=, locations >=', () => {
    expect(eligible({ squareMeters: 501 })).toContain(9);
    expect(eligible({ squareMeters: 500 })).not.toContain(9);
    expect(eligible({ userCount: 10 })).toContain(10);
    expect(eligible({ userCount: 11 })).not.toContain(10);
    expect(eligible({ locations: 3 })).toContain(11);
    expect(eligible({ locations: 2 })).not.toContain(11);
    const r = quote({ squareMeters: 501, locations: 3, selectedDiscountIds: [9, 11] });
    // 99 + 501 * 2 + 2 * 25 = 1151.00; 5% + 5% = 57.55 + 57.55; total 1035.90
    expect(amounts(r)).toEqual([
      [9, 5755],
      [11, 5755],
    ]);
    expect(r.total).toBe(103590);
  });

  it('29. package in a list and package = id (string ids count)', () => {
    expect(eligible({ packageId: 1 })).toEqual(expect.arrayContaining([12, 13]));
    expect(eligible({ packageId: 2 })).toContain(12);
    expect(eligible({ packageId: 2 })).not.toContain(13);
    expect(eligible({ packageId: 3 })).not.toContain(12);
    // '=' with a list works like 'in' (29: package = [1, 3], units >= 100, locations < '3', ...)
    expect(eligible({ packageId: 3 })).toContain(29);
    expect(eligible({ packageId: 2 })).not.toContain(29);
    const r = quote({ packageId: '2', squareMeters: 150, selectedDiscountIds: [12, 13] });
    // Advanced: 199 + 150 * 3 = 649; 5% = 32.45; total 616.55
    expect(amounts(r)).toEqual([[12, 3245]]);
    expect(r.total).toBe(61655);
  });

  it('30. paymentFrequency = "annual" reads as annually; pricingModel =; monthly fixed', () => {
    expect(eligible({ paymentFrequency: 'annually' })).toContain(14);
    expect(eligible({ paymentFrequency: 'annual' })).toContain(14);
    expect(eligible({ paymentFrequency: 'monthly' })).not.toContain(14);
    expect(eligible({ paymentFrequency: 'monthly' })).toContain(15);
    expect(eligible({ pricingModel: 'user' })).toContain(16);
    expect(eligible({ pricingModel: 'sqm' })).not.toContain(16);
    const r = quote({ paymentFrequency: 'annual', selectedDiscountIds: [14, 15] });
    // annually: 5% of 349 = 17.45; total 331.55; yearly 3978.60; tcv 3978.60 * 12/12 + 500 = 4478.60
    expect(r.form.paymentFrequency).toBe('annually');
    expect(amounts(r)).toEqual([[14, 1745]]);
    expect(r.yearlyTotal).toBe(397860);
    expect(r.tcv).toBe(447860);
  });

  it('31. unknown operator or condition type, zero value, unknown discount type: never eligible', () => {
    const ids = eligible({ squareMeters: 100, paymentFrequency: 'monthly' });
    for (const never of [17, 18, 22, 28, 30]) expect(ids).not.toContain(never);
    const r = quote({ selectedDiscountIds: [17, 18, 22, 28, 30, 999] });
    // nothing applies: 349.00; unknown id 999 is dropped from the form
    expect(r.discounts).toEqual([]);
    expect(r.total).toBe(34900);
    expect(r.form.selectedDiscountIds).toEqual([17, 18, 22, 28, 30]);
  });

  it('32. several conditions must all hold', () => {
    // 29: package in [1,3], units >= 100, locations < 3, contract <= 36, sqm model
    expect(eligible({ squareMeters: 100, locations: 2 })).toContain(29);
    expect(eligible({ squareMeters: 99 })).not.toContain(29);
    expect(eligible({ squareMeters: 100, locations: 3 })).not.toContain(29);
    expect(eligible({ pricingModel: 'user', squareMeters: 100 })).not.toContain(29);
  });
});

describe('golden quotes: contract, TCV, normalisation, errors', () => {
  it('33. monthly, quarterly and annual payment give the same TCV (36 months)', () => {
    // 349 * 36 + 500 = 13064.00 ; yearly 4188 * 36/12 + 500 = 13064.00
    for (const f of ['monthly', 'quarterly', 'annually', 'annual', 'weekly']) {
      const r = quote({ contractDuration: 36, paymentFrequency: f });
      expect(r.tcv).toBe(1306400);
      expect(r.paidMonths).toBe(36);
    }
    expect(quote({ paymentFrequency: 'weekly' }).form.paymentFrequency).toBe('annually');
    expect(quote({ paymentFrequency: 'quarterly' }).form.paymentFrequency).toBe('quarterly');
  });

  it('34. unknown package -> PricingError "Selected package not found"', () => {
    expect(() => quote({ packageId: 99 })).toThrow(PricingError);
    expect(() => quote({ packageId: 99 })).toThrow('Selected package not found');
    expect(() => quote({ packageId: undefined })).toThrow('Selected package not found');
    expect(() => quote({ packageId: '1.5' })).toThrow('Selected package not found');
    expect(quote({ packageId: ' 1 ' }).packageName).toBe('Entry');
    // eligibility for the UI does not throw on an unknown package
    expect(eligible({ packageId: 99 })).not.toContain(12);
  });

  it('35. normalisation of quantities, duration and model', () => {
    const r = quote({ squareMeters: '150.9', locations: 0, contractDuration: 18, pricingModel: 'USER', userCount: -4 });
    // 150 units (truncated), 1 location, 12 months, sqm model, 0 users: 99 + 375 = 474.00
    expect(r.form).toMatchObject({ squareMeters: 150, locations: 1, contractDuration: 12, pricingModel: 'sqm', userCount: 0 });
    expect(r.total).toBe(47400);
    const m = calculateQuote({ packageId: 1 }, catalog);
    // all missing: 0 units, 1 location, 12 months, annually: 99.00; tcv 1188 + 500 = 1688.00
    expect(m.form).toMatchObject({
      squareMeters: 0,
      userCount: 0,
      locations: 1,
      contractDuration: 12,
      paymentFrequency: 'annually',
      pricingModel: 'sqm',
    });
    expect(m.total).toBe(9900);
    expect(m.tcv).toBe(168800);
  });

  it('36. odd extra-location price times locations', () => {
    const r = quote({ packageId: 4, squareMeters: 0, locations: '3' });
    // Tiny: 10.00 + 0 + 3.33 * 2 = 16.66
    expect(r.additionalLocationCost).toBe(666);
    expect(r.total).toBe(1666);
  });

  it('37. breakdowns are auditable and in order', () => {
    const r = quote({
      addOns: [{ id: 10, waiveSetupFee: true }],
      customItems: [
        { id: 'c1', name: 'Support', price: 10 },
        { id: 'c2', name: 'Install', price: 20, isOneTime: true },
      ],
      selectedDiscountIds: [1, 7],
    });
    // monthly: 99 + 250 + 0 + 29 + 10 - 38.80 (10% of 388) = 349.20 ; one-time: 500 + 0 (waived 99) + 20 - 260 (50% of 520) = 260
    expect(r.breakdowns.map((l) => [l.kind, l.period, l.amount])).toEqual([
      ['base', 'monthly', 9900],
      ['variable', 'monthly', 25000],
      ['locations', 'monthly', 0],
      ['addon', 'monthly', 2900],
      ['custom_recurring', 'monthly', 1000],
      ['discount', 'monthly', -3880],
      ['package_setup', 'one_time', 50000],
      ['addon_setup', 'one_time', 0],
      ['custom_one_time', 'one_time', 2000],
      ['discount', 'one_time', -26000],
    ]);
    expect(r.total).toBe(34920);
    expect(r.oneTimeCosts).toBe(26000);
    expect(r.breakdowns[1]).toMatchObject({ quantity: 100, unitPrice: 250, unitPrice4: 25000 });
  });

  it('38. public JSON: euro numbers, cents exact, unit prices to 4 decimals', () => {
    const j = quoteResultToJson(
      quote({
        selectedDiscountIds: [4, 27, 3],
        customItems: [
          { id: 'a', name: 'A', price: 0.1 },
          { id: 'b', name: 'B', price: 0.2 },
        ],
      }),
    );
    // 349 + 0.30 = 349.30; units 50.00 + 1.25; fixed 25.50; total 272.55; unit price 1.9875
    expect(j.subtotal).toBe(349.3);
    expect(j.total).toBe(272.55);
    expect(j.totalDiscounts).toBe(76.75);
    expect(j.pricePerSqm).toBe(1.9875);
    expect(j.originalPricePerSqm).toBe(2.5);
    expect(j.customRecurring).toBe(0.3);
    expect(j.setupFees).toBe(500);
    expect(j.discounts).toEqual([
      { id: 4, name: 'Units 20%', type: 'sqm_percentage', amount: 50, value: 20 },
      { id: 27, name: 'Tiny unit', type: 'sqm_percentage', amount: 1.25, value: 0.5 },
      { id: 3, name: '€25.50 off', type: 'fixed', amount: 25.5, value: 25.5 },
    ]);
    expect(j.customItems.map((c) => c.price)).toEqual([0.1, 0.2]);
    expect(j).toMatchObject({
      packageId: 1,
      pricingModel: 'sqm',
      squareMeters: 100,
      locations: 1,
      paymentFrequency: 'monthly',
      contractDuration: 12,
      packageName: 'Entry',
      tax: 0,
    });
    expect(JSON.parse(JSON.stringify(j))).toEqual(j);
  });
});

describe("golden quotes: quantities and the seller's discount", () => {
  it('39. an add-on priced per location counts every location, its setup fee too', () => {
    const r = quote({ locations: 3, addOns: [{ id: 14, quantity: 7 }] });
    // 99 + 250 + 25 × 2 = 399; Room Display Panels 15.00 × 3 = 45.00 -> 444.00; one-time 500 + 50.00 × 3 = 650.00
    expect(r.form.addOns).toEqual([{ id: 14, waiveSetupFee: false, quantity: 1 }]);
    expect(r.addOnsFees).toBe(4500);
    expect(r.total).toBe(44400);
    expect(r.addOnsSetupFees).toBe(15000);
    expect(r.oneTimeCosts).toBe(65000);
    expect(r.breakdowns.find((l) => l.kind === 'addon')).toMatchObject({ quantity: 3, unitPrice: 1500, amount: 4500 });
    expect(r.breakdowns.find((l) => l.kind === 'addon_setup')).toMatchObject({ quantity: 3, unitPrice: 5000, amount: 15000 });
    expect(quoteResultToJson(r).addOnLines).toEqual([
      { id: 14, name: 'Room Display Panels', quantity: 3, unitMonthlyFee: 15, monthlyFee: 45, unitSetupFee: 50, setupFee: 150, waiveSetupFee: false },
    ]);
  });

  it('40. an add-on priced per item takes the quantity entered; elsewhere a quantity is ignored', () => {
    const r = quote({
      addOns: [
        { id: 15, quantity: 12 },
        { id: 10, quantity: 5 },
      ],
    });
    // Desk Sensor 2.50 × 12 = 30.00; Visitor Management once 29.00 -> 349 + 59 = 408.00; one-time 500 + 12.00 × 12 + 99 = 743.00
    expect(r.form.addOns).toEqual([
      { id: 15, waiveSetupFee: false, quantity: 12 },
      { id: 10, waiveSetupFee: false, quantity: 1 },
    ]);
    expect(r.addOnsFees).toBe(5900);
    expect(r.total).toBe(40800);
    expect(r.oneTimeCosts).toBe(74300);
    const waived = quote({ addOns: [{ id: 15, quantity: '12', waiveSetupFee: true }] });
    // the waiver waives all 12 setup fees: 144.00 shown beside 0
    expect(waived.breakdowns.find((l) => l.kind === 'addon_setup')).toMatchObject({
      quantity: 12,
      unitPrice: 1200,
      amount: 0,
      waived: true,
      originalAmount: 14400,
    });
    expect(waived.oneTimeCosts).toBe(50000);
    expect(quoteResultToJson(waived).addOnLines[0]).toMatchObject({ quantity: 12, unitSetupFee: 12, setupFee: 0, waiveSetupFee: true });
    // a quantity out of range or not a number: cut, capped, or 1
    const q = (quantity: unknown) => quote({ addOns: [{ id: 15, quantity }] }).form.addOns[0]!.quantity;
    expect([q(0), q(-4), q(2.9), q('7'), q(20_000), q('many'), q(undefined)]).toEqual([1, 1, 2, 7, 10_000, 1, 1]);
  });

  it('41. a custom item costs its price times its quantity, recurring or one-time', () => {
    const r = quote({
      customItems: [
        { id: 'w', name: 'Workshop', price: '450', quantity: 3, isOneTime: true },
        { id: 's', name: 'Support', price: 19.99, quantity: 12 },
      ],
    });
    // monthly 349 + 19.99 × 12 = 588.88; one-time 500 + 450 × 3 = 1,850.00
    expect(r.customRecurring).toBe(23988);
    expect(r.total).toBe(58888);
    expect(r.customOneTime).toBe(135000);
    expect(r.oneTimeCosts).toBe(185000);
    expect(r.breakdowns.find((l) => l.refId === 's')).toMatchObject({ kind: 'custom_recurring', quantity: 12, unitPrice: 1999, amount: 23988 });
    expect(quoteResultToJson(r).customItemLines).toEqual([
      { id: 's', name: 'Support', isOneTime: false, quantity: 12, unitPrice: 19.99, amount: 239.88 },
      { id: 'w', name: 'Workshop', isOneTime: true, quantity: 3, unitPrice: 450, amount: 1350 },
    ]);
    expect(quoteResultToJson(r).customItems.map((c) => [c.price, c.quantity])).toEqual([
      [450, 3],
      [19.99, 12],
    ]);
  });

  it("42. the seller's percentage comes after every catalogue discount, on what they leave", () => {
    const r = quote({ selectedDiscountIds: [1, 3], sellerDiscount: { type: 'percentage', value: 10, reason: '  Multi-year  ' } });
    // 349.00 - 34.90 (10%) - 25.50 (fixed) = 288.60; seller 10% of 288.60 = 28.86 -> 259.74
    expect(amounts(r)).toEqual([
      [1, 3490],
      [3, 2550],
      [0, 2886],
    ]);
    expect(r.discounts[2]).toEqual({ id: 0, name: "Seller's discount: Multi-year", type: 'seller_percentage', amount: 2886, value: 1000 });
    expect(r.total).toBe(25974);
    expect(r.totalDiscounts).toBe(8926);
    expect(monthlyDiscounts(r).map((d) => d.id)).toEqual([1, 3, 0]);
    expect(r.breakdowns.filter((l) => l.kind === 'discount').map((l) => [l.label, l.amount])).toEqual([
      ['10% off', -3490],
      ['€25.50 off', -2550],
      ["Seller's discount: Multi-year", -2886],
    ]);
    expect(quoteResultToJson(r).discounts[2]).toEqual({
      id: 0,
      name: "Seller's discount: Multi-year",
      type: 'seller_percentage',
      amount: 28.86,
      value: 10,
    });
    expect(quoteResultToJson(r).sellerDiscount).toEqual({ type: 'percentage', value: 10, reason: 'Multi-year' });
    // rounding half away from zero: 12.5% of 349.00 = 43.625 -> 43.63
    expect(quote({ sellerDiscount: { type: 'percentage', value: '12.5', reason: '' } }).discounts).toEqual([
      { id: 0, name: "Seller's discount", type: 'seller_percentage', amount: 4363, value: 1250 },
    ]);
  });

  it("43. the seller's fixed amount is per month and capped at what is left; free months count the lower total", () => {
    expect(quote({ sellerDiscount: { type: 'fixed', value: 12.5, reason: 'Pilot' } }).total).toBe(33650);
    const capped = quote({ selectedDiscountIds: [1], sellerDiscount: { type: 'fixed', value: '400', reason: 'Pilot' } });
    // 349.00 - 34.90 = 314.10 left, so the seller's 400.00 takes 314.10
    expect(amounts(capped)).toEqual([
      [1, 3490],
      [0, 31410],
    ]);
    expect(capped.total).toBe(0);
    const free = quote({ selectedDiscountIds: [6], sellerDiscount: { type: 'fixed', value: 49, reason: 'Pilot' } });
    // 349.00 - 49.00 = 300.00; 2 free months save 600.00; TCV 12 × 300 + 500 = 4,100.00
    expect(free.total).toBe(30000);
    expect(freeMonthsSavings(free)).toBe(60000);
    expect(free.tcv).toBe(410000);
    expect(free.oneTimeCosts).toBe(50000);
  });

  it("44. a seller's discount that is no discount is left out: no value, 0, below 0, unknown type; above 100% counts as 100%", () => {
    for (const sellerDiscount of [
      null,
      'ten',
      { type: 'fixed' },
      { type: 'fixed', value: 0 },
      { type: 'percentage', value: -5 },
      { type: 'gift', value: 5 },
    ]) {
      const r = quote({ sellerDiscount });
      expect(r.form.sellerDiscount).toBeNull();
      expect(r.total).toBe(34900);
    }
    const all = quote({ sellerDiscount: { type: 'percentage', value: 150, reason: 'Free' } });
    expect(all.form.sellerDiscount).toEqual({ type: 'percentage', value: 10000, reason: 'Free' });
    expect(all.total).toBe(0);
    expect(all.oneTimeCosts).toBe(50000);
  });
});
