import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateQuote,
  eligibleDiscountIds,
  generateTiers,
  isDiscountEligible,
  normalizeForm,
  quoteResultFromJson,
  quoteResultToJson,
  SELLER_DISCOUNT_ID,
  type PricingCatalog,
  type PricingCondition,
  type PricingDiscount,
  type PricingTier,
  type QuoteFormInput,
  type QuoteResult,
} from './index';

const MONEY_FIELDS = [
  'basePrice',
  'sqmPrice',
  'userPrice',
  'additionalLocationCost',
  'totalMonthlyBasePrice',
  'addOnsFees',
  'customRecurring',
  'subtotal',
  'totalDiscounts',
  'tax',
  'total',
  'yearlyTotal',
  'packageSetupFee',
  'addOnsSetupFees',
  'setupFees',
  'customOneTime',
  'setupDiscount',
  'oneTimeCosts',
  'tcv',
  'pricePerSqm4',
  'originalPricePerSqm4',
  'pricePerUser4',
  'originalPricePerUser4',
] as const;

const cents = (max = 200_000) => fc.integer({ min: 0, max });

const tierArb: fc.Arbitrary<PricingTier> = fc.record({
  min: fc.integer({ min: 0, max: 2000 }),
  max: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
  price: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 1, max: 5000 }) },
    { weight: 1, arbitrary: fc.constantFrom(0, -100, Number.NaN, 2.5, Infinity) },
  ),
});

const conditionArb: fc.Arbitrary<PricingCondition> = fc.oneof(
  fc.record({
    type: fc.constantFrom('contractDuration', 'squareMeters', 'userCount', 'locations'),
    operator: fc.constantFrom('=', '>', '>=', '<', '<=', 'in', '!='),
    value: fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 1500 }).map(String), fc.constantFrom(12, 24, 36)),
  }),
  fc.record({
    type: fc.constant('package'),
    operator: fc.constantFrom('=', 'in', '>'),
    value: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }), fc.constantFrom('1', '2')),
  }),
  fc.record({
    type: fc.constant('paymentFrequency'),
    operator: fc.constantFrom('=', 'in'),
    value: fc.constantFrom('monthly', 'quarterly', 'annually', 'annual', 'weekly'),
  }),
  fc.record({
    type: fc.constant('pricingModel'),
    operator: fc.constantFrom('=', '>'),
    value: fc.constantFrom('sqm', 'user', 'other'),
  }),
  fc.record({ type: fc.constant('region'), operator: fc.constant('='), value: fc.constant('EU') }),
);

const discountTypeArb = fc.constantFrom('percentage', 'fixed', 'sqm_percentage', 'user_percentage', 'free_months', 'setup_fee_discount', 'bogus');

const discountValueArb = (type: string) =>
  type === 'fixed'
    ? fc.integer({ min: 0, max: 50_000 })
    : type === 'free_months'
      ? fc.integer({ min: 0, max: 600 })
      : fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 10_000, max: 30_000 }));

const catalogArb: fc.Arbitrary<PricingCatalog> = fc
  .record({
    packages: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 }).chain((ids) =>
      fc.tuple(
        ...ids.map((id) =>
          fc.record({
            id: fc.constant(id),
            name: fc.constantFrom('Entry', 'Advanced', 'Ultimate'),
            basePrice: cents(),
            setupFee: cents(),
            extraLocationPrice: cents(20_000),
            priceTiers: fc.array(tierArb, { maxLength: 4 }),
            userPriceTiers: fc.array(tierArb, { maxLength: 4 }),
          }),
        ),
      ),
    ),
    addOns: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 8 }).chain((ids) =>
      fc.tuple(
        ...ids.map((id) =>
          fc.record({
            id: fc.constant(id),
            name: fc.constant('Add-on ' + id),
            categoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
            unit: fc.constantFrom('quote', 'location', 'item'),
            monthlyFee: cents(50_000),
            setupFee: cents(50_000),
            availableForPackages: fc.subarray([1, 2, 3, 4]),
          }),
        ),
      ),
    ),
    discounts: fc.uniqueArray(fc.integer({ min: 1, max: 15 }), { maxLength: 10 }).chain((ids) =>
      fc.tuple(
        ...ids.map((id) =>
          discountTypeArb.chain((type) =>
            fc.record({
              id: fc.constant(id),
              name: fc.constant('Discount ' + id),
              type: fc.constant(type),
              value: discountValueArb(type),
              conditions: fc.array(conditionArb, { maxLength: 2 }),
            }),
          ),
        ),
      ),
    ),
  })
  .map((c) => ({ packages: [...c.packages], addOns: [...c.addOns], discounts: [...c.discounts] }));

/** A line's quantity as a client may send it: in range, out of range, fractional, typed, absent. */
const quantityArb = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: -3, max: 20_000 }), fc.constantFrom(2.7, '3', undefined, 'many'));

const customItemArb = fc.record({
  name: fc.constantFrom('Support', 'Install', ''),
  price: fc.oneof(
    fc.integer({ min: -500, max: 100_000 }).map((c) => c / 100),
    fc.integer({ min: 1, max: 100_000 }).map((c) => (c / 100).toFixed(2)),
    fc.constantFrom('abc', null, 0),
  ),
  isOneTime: fc.oneof(fc.boolean(), fc.constant('yes')),
  quantity: quantityArb,
});

const sellerDiscountArb = fc.oneof(
  fc.constant(null),
  fc.record({
    type: fc.constant('percentage'),
    value: fc.integer({ min: -100, max: 12_000 }).map((v) => v / 100),
    reason: fc.constantFrom('Loyal', ''),
  }),
  fc.record({
    type: fc.constant('fixed'),
    value: fc.oneof(
      fc.integer({ min: 1, max: 200_000 }).map((v) => (v / 100).toFixed(2)),
      fc.constant(0),
    ),
    reason: fc.constant('Deal'),
  }),
  fc.constantFrom({ type: 'other', value: 5 }, 'ten percent'),
);

const formArb = (catalog: PricingCatalog): fc.Arbitrary<QuoteFormInput> =>
  fc.record({
    packageId: fc.constantFrom(...catalog.packages.map((p) => p.id)),
    pricingModel: fc.constantFrom('sqm', 'user', 'other'),
    squareMeters: fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }).map(String), fc.constant(-3)),
    userCount: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.double({ min: 0, max: 200, noNaN: true })),
    locations: fc.integer({ min: 0, max: 20 }),
    addOns: fc.array(
      fc.oneof(
        fc.integer({ min: 1, max: 13 }),
        fc.record({ id: fc.integer({ min: 1, max: 13 }), waiveSetupFee: fc.boolean(), quantity: quantityArb }),
      ),
      { maxLength: 6 },
    ),
    customItems: fc.array(customItemArb, { maxLength: 4 }),
    sellerDiscount: sellerDiscountArb,
    selectedDiscountIds: fc.array(fc.integer({ min: 1, max: 16 }), { maxLength: 8 }),
    contractDuration: fc.constantFrom(12, 24, 36, 18, '24'),
    paymentFrequency: fc.constantFrom('monthly', 'quarterly', 'annually', 'annual', 'weekly'),
  });

const caseArb = catalogArb.chain((catalog) => fc.tuple(fc.constant(catalog), formArb(catalog)));

const sum = (r: QuoteResult, period: 'monthly' | 'one_time') => r.breakdowns.filter((l) => l.period === period).reduce((s, l) => s + l.amount, 0);

/** The result without the echo of the selected discount ids. */
const withoutSelection = (r: QuoteResult) => ({ ...r, form: { ...r.form, selectedDiscountIds: [] } });

const RUNS = { numRuns: 500 };

describe('pricing properties', () => {
  it('the generators reach the interesting cases (sanity check of the arbitraries)', () => {
    const rs = fc.sample(caseArb, { numRuns: 1000, seed: 42 }).map(([c, f]) => calculateQuote(f, c));
    const share = (p: (r: QuoteResult) => boolean) => rs.filter(p).length / rs.length;
    expect(share((r) => r.totalDiscounts > 0)).toBeGreaterThan(0.1);
    expect(share((r) => r.total === 0)).toBeGreaterThan(0.005);
    expect(share((r) => r.setupDiscount > 0)).toBeGreaterThan(0.02);
    expect(share((r) => r.freeMonths > 0)).toBeGreaterThan(0.02);
    expect(share((r) => r.discounts.some((d) => d.type.endsWith('_percentage')))).toBeGreaterThan(0.02);
    expect(share((r) => r.form.addOns.some((a) => a.waiveSetupFee))).toBeGreaterThan(0.05);
    expect(share((r) => r.form.addOns.some((a) => a.quantity > 1))).toBeGreaterThan(0.02);
    expect(share((r) => r.breakdowns.some((l) => l.kind === 'addon' && l.quantity > 1))).toBeGreaterThan(0.1);
    expect(share((r) => r.form.customItems.some((c) => c.quantity > 1))).toBeGreaterThan(0.1);
    expect(share((r) => r.discounts.some((d) => d.id === SELLER_DISCOUNT_ID && d.amount > 0))).toBeGreaterThan(0.1);
  });

  it('total >= 0, total = subtotal - totalDiscounts, every money field is whole cents, lines add up', () => {
    fc.assert(
      fc.property(caseArb, ([catalog, form]) => {
        const r = calculateQuote(form, catalog);
        for (const k of MONEY_FIELDS) expect(Number.isSafeInteger(r[k]), k).toBe(true);
        for (const d of r.discounts) expect(Number.isSafeInteger(d.amount)).toBe(true);
        for (const l of r.breakdowns) expect(Number.isSafeInteger(l.amount)).toBe(true);
        expect(r.total).toBeGreaterThanOrEqual(0);
        expect(r.oneTimeCosts).toBeGreaterThanOrEqual(0);
        expect(r.total).toBe(r.subtotal - r.totalDiscounts);
        expect(r.subtotal).toBe(r.totalMonthlyBasePrice + r.addOnsFees + r.customRecurring);
        expect(r.totalMonthlyBasePrice).toBe(r.basePrice + r.sqmPrice + r.userPrice + r.additionalLocationCost);
        expect(r.setupFees).toBe(r.packageSetupFee + r.addOnsSetupFees);
        expect(r.oneTimeCosts).toBe(r.setupFees + r.customOneTime - r.setupDiscount);
        expect(r.yearlyTotal).toBe(r.total * 12);
        expect(sum(r, 'monthly')).toBe(r.total);
        expect(sum(r, 'one_time')).toBe(r.oneTimeCosts);
        const monthlyDiscountSum = r.discounts
          .filter((d) => d.type !== 'free_months' && d.type !== 'setup_fee_discount')
          .reduce((s, d) => s + d.amount, 0);
        expect(monthlyDiscountSum).toBe(r.totalDiscounts);
        expect(r.contractMonths).toBe(r.paidMonths + r.freeMonths);
        expect(r.paidMonths).toBe(r.contractDuration);
      }),
      RUNS,
    );
  });

  it('TCV: the monthly and the yearly formula agree (monthly vs annually give equal tcv)', () => {
    fc.assert(
      fc.property(caseArb, ([catalog, form]) => {
        const m = calculateQuote({ ...form, paymentFrequency: 'monthly' }, catalog);
        const a = calculateQuote({ ...form, paymentFrequency: 'annually' }, catalog);
        const q = calculateQuote({ ...form, paymentFrequency: 'quarterly' }, catalog);
        // conditions on paymentFrequency may select different discounts, so compare like with like
        const tcvMonthly = (r: QuoteResult) => r.total * r.paidMonths + r.oneTimeCosts;
        const tcvYearly = (r: QuoteResult) => (r.yearlyTotal * r.paidMonths) / 12 + r.oneTimeCosts;
        for (const r of [m, a, q]) {
          expect(r.tcv).toBe(tcvMonthly(r));
          expect(r.tcv).toBe(tcvYearly(r));
        }
        const hasFrequencyCondition = catalog.discounts.some((d) => d.conditions.some((c) => c.type === 'paymentFrequency'));
        if (!hasFrequencyCondition) {
          expect(a.tcv).toBe(m.tcv);
          expect(q.tcv).toBe(m.tcv);
        }
      }),
      RUNS,
    );
  });

  it('adding a recurring custom item of x raises the subtotal by exactly x', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 1_000_000 }), ([catalog, form], x) => {
        const before = calculateQuote(form, catalog);
        const items = Array.isArray(form.customItems) ? form.customItems : [];
        const after = calculateQuote({ ...form, customItems: [...items, { name: 'Extra', price: (x / 100).toFixed(2) }] }, catalog);
        expect(after.subtotal - before.subtotal).toBe(x);
        expect(after.customRecurring - before.customRecurring).toBe(x);
        expect(after.total).toBeGreaterThanOrEqual(before.total);
        expect(after.oneTimeCosts).toBe(before.oneTimeCosts);
      }),
      RUNS,
    );
  });

  it("the seller's discount comes after every catalogue discount: a share of what they leave, a fixed amount at most all of it", () => {
    fc.assert(
      fc.property(caseArb, ([catalog, form]) => {
        const r = calculateQuote(form, catalog);
        const without = calculateQuote({ ...form, sellerDiscount: null }, catalog);
        const seller = r.form.sellerDiscount;
        const applied = r.discounts.find((d) => d.id === SELLER_DISCOUNT_ID);
        if (seller === null) {
          expect(applied).toBeUndefined();
          expect(r).toEqual(without);
          return;
        }
        const expected =
          seller.type === 'percentage'
            ? Math.round((without.total * Math.min(seller.value, 10_000)) / 10_000)
            : Math.min(seller.value, without.total);
        expect(applied!.amount).toBe(expected);
        expect(r.total).toBe(without.total - expected);
        expect(r.totalDiscounts).toBe(without.totalDiscounts + expected);
        expect(r.oneTimeCosts).toBe(without.oneTimeCosts);
        const catalogue = (x: QuoteResult) => x.discounts.filter((d) => d.id !== SELLER_DISCOUNT_ID && d.type !== 'free_months');
        expect(catalogue(r)).toEqual(catalogue(without));
        expect(r.freeMonths).toBe(without.freeMonths);
      }),
      RUNS,
    );
  });

  it('a quantity multiplies its line: q of an item add-on or of a custom item cost q times one, one-time fees too', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 10_000 }), ([catalog, form], q) => {
        const item = catalog.addOns.find((a) => a.unit === 'item' && a.availableForPackages.includes(Number(form.packageId)));
        const base = { ...form, addOns: [], customItems: [], selectedDiscountIds: [], sellerDiscount: null };
        if (item !== undefined) {
          const one = calculateQuote({ ...base, addOns: [{ id: item.id }] }, catalog);
          const many = calculateQuote({ ...base, addOns: [{ id: item.id, quantity: q }] }, catalog);
          expect(many.addOnsFees).toBe(one.addOnsFees * q);
          expect(many.addOnsSetupFees).toBe(one.addOnsSetupFees * q);
        }
        const line = { name: 'Workshop', price: '12.34', isOneTime: q % 2 === 0 };
        const copies = calculateQuote({ ...base, customItems: Array.from({ length: Math.min(q, 50) }, () => line) }, catalog);
        const counted = calculateQuote({ ...base, customItems: [{ ...line, quantity: Math.min(q, 50) }] }, catalog);
        expect(counted.subtotal).toBe(copies.subtotal);
        expect(counted.oneTimeCosts).toBe(copies.oneTimeCosts);
      }),
      RUNS,
    );
  });

  it('selecting an ineligible discount changes nothing', () => {
    fc.assert(
      fc.property(caseArb, ([catalog, form]) => {
        const nf = normalizeForm(form, catalog);
        const ineligible = catalog.discounts.filter((d: PricingDiscount) => !isDiscountEligible(d, nf)).map((d) => d.id);
        fc.pre(ineligible.length > 0);
        const selected = Array.isArray(form.selectedDiscountIds) ? form.selectedDiscountIds : [];
        const before = calculateQuote(form, catalog);
        const after = calculateQuote({ ...form, selectedDiscountIds: [...selected, ...ineligible] }, catalog);
        expect(withoutSelection(after)).toEqual(withoutSelection(before));
      }),
      RUNS,
    );
  });

  it('applied discounts are exactly the selected eligible ones', () => {
    fc.assert(
      fc.property(caseArb, ([catalog, form]) => {
        const r = calculateQuote(form, catalog);
        const eligible = eligibleDiscountIds(form, catalog);
        const expected = r.form.selectedDiscountIds.filter((id) => eligible.includes(id)).sort((a, b) => a - b);
        const catalogue = r.discounts.filter((d) => d.id !== SELLER_DISCOUNT_ID);
        expect(catalogue.map((d) => d.id).sort((a, b) => a - b)).toEqual(expected);
        expect(r.discounts.length - catalogue.length).toBe(r.form.sellerDiscount === null ? 0 : 1);
      }),
      RUNS,
    );
  });

  it('is deterministic and does not mutate its inputs', () => {
    fc.assert(
      fc.property(caseArb, ([catalog, form]) => {
        const c0 = structuredClone(catalog);
        const f0 = structuredClone(form);
        const a = calculateQuote(form, catalog);
        const b = calculateQuote(form, catalog);
        expect(b).toEqual(a);
        expect(catalog).toEqual(c0);
        expect(form).toEqual(f0);
        // a normalised form, fed back as input, prices the same (custom item prices back in euro)
        const seller = a.form.sellerDiscount;
        const again: QuoteFormInput = {
          ...a.form,
          customItems: a.form.customItems.map((c) => ({ ...c, price: c.price / 100 })),
          sellerDiscount: seller === null ? null : { ...seller, value: seller.value / 100 },
        };
        expect(calculateQuote(again, catalog)).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });

  it('the JSON shape holds the same cents', () => {
    fc.assert(
      fc.property(caseArb, ([catalog, form]) => {
        const r = calculateQuote(form, catalog);
        const j = quoteResultToJson(r);
        expect(Math.round(j.total * 100)).toBe(r.total);
        expect(Math.round(j.tcv * 100)).toBe(r.tcv);
        expect(Math.round(j.oneTimeCosts * 100)).toBe(r.oneTimeCosts);
        expect(Math.round(j.pricePerSqm * 10000)).toBe(r.pricePerSqm4);
        expect(j.breakdowns.length).toBe(r.breakdowns.length);
        expect(j.addOnLines.reduce((t, l) => t + Math.round(l.monthlyFee * 100), 0)).toBe(r.addOnsFees);
        expect(j.addOnLines.reduce((t, l) => t + Math.round(l.setupFee * 100), 0)).toBe(r.addOnsSetupFees);
        expect(j.customItemLines.reduce((t, l) => t + Math.round(l.amount * 100), 0)).toBe(r.customRecurring + r.customOneTime);
        expect(quoteResultFromJson(j)).toEqual(r);
      }),
      { numRuns: 200 },
    );
  });
});

describe('generateTiers properties', () => {
  it('contiguous tiers from min, last at max and unbounded, prices between the ends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 9, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 2, max: 10 }),
        (min, span, p0, p1, count) => {
          const t = generateTiers({ min, max: min + span, priceAtMin: p0, priceAtMax: p1, count });
          expect(t).toHaveLength(count);
          expect(t[0]).toMatchObject({ min, price: p0 });
          expect(t[count - 1]).toMatchObject({ min: min + span, max: null, price: p1 });
          for (let i = 0; i < count - 1; i++) {
            expect(t[i]!.max).toBe(t[i + 1]!.min - 1);
            expect(t[i]!.max!).toBeGreaterThanOrEqual(t[i]!.min);
          }
          for (const x of t) {
            expect(x.price).toBeGreaterThanOrEqual(Math.min(p0, p1));
            expect(x.price).toBeLessThanOrEqual(Math.max(p0, p1));
          }
        },
      ),
    );
  });
});
