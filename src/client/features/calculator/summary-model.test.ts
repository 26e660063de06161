import { describe, expect, it } from 'vitest';
import { calculateQuote } from '../../../shared/pricing';
import { formatUnitPrice } from '../../lib/format';
import { calculatorReducer, initialCalculatorState, toQuoteForm, type CalculatorAction } from './calculator-state';
import {
  appliedDiscountsText,
  discountGroups,
  basePriceLines,
  contractValueSentence,
  customItemDetailLines,
  discountValueSummary,
  durationInYears,
  freeMonthsSentence,
  frequencyLabel,
  oneTimeLines,
  pricingModelLabel,
} from './summary-model';
import { testContext } from './test-catalog';

function quoteAfter(...actions: CalculatorAction[]) {
  const s = actions.reduce((acc, a) => calculatorReducer(acc, a, testContext), initialCalculatorState(testContext));
  return calculateQuote(toQuoteForm(s), testContext.pricing);
}

describe('summary texts', () => {
  it('labels', () => {
    expect(['monthly', 'quarterly', 'annually'].map((f) => frequencyLabel(f as 'monthly'))).toEqual(['Monthly', 'Quarterly', 'Annual']);
    expect([pricingModelLabel('sqm'), pricingModelLabel('user')]).toEqual(['Unit-Based', 'User-Based']);
    expect([durationInYears(12), durationInYears(24), durationInYears(36)]).toEqual(['1 year', '2 years', '3 years']);
    expect([freeMonthsSentence(0), freeMonthsSentence(1), freeMonthsSentence(2)]).toEqual([null, '+ 1 free month', '+ 2 free months']);
  });

  it('discount value summaries', () => {
    expect(discountValueSummary({ type: 'percentage', value: '10.00' })).toBe('10% off the monthly total');
    expect(discountValueSummary({ type: 'fixed', value: '50.00' })).toBe('€50.00 off per month');
    expect(discountValueSummary({ type: 'sqm_percentage', value: '12.50' })).toBe('12.50% off the price per unit');
    expect(discountValueSummary({ type: 'user_percentage', value: '10.00' })).toBe('10% off the price per user');
    expect(discountValueSummary({ type: 'free_months', value: '2.00' })).toBe('2 free months');
    expect(discountValueSummary({ type: 'setup_fee_discount', value: '50.00' })).toBe('50% off one-time fees');
  });

  it('the contract sentence: paid months at the monthly total plus one-time fees', () => {
    // Entry: €99 + 100 units × €3.00 = €399.00 a month; setup €499.00
    expect(contractValueSentence(quoteAfter())).toBe('36 months × €399.00 + €499.00 one-time fees');
  });

  it('base price breakdown and one-time lines (a waived fee at €0.00 with its original)', () => {
    const q = quoteAfter(
      { type: 'incrementLocations' },
      { type: 'incrementLocations' },
      { type: 'selectAddOn', pick: { id: 11, category: 1 } },
      { type: 'toggleWaive', addOnId: 11 },
      { type: 'selectAddOn', pick: { id: 21, category: 2 } },
    );
    expect(basePriceLines(q, formatUnitPrice)).toEqual([
      { key: 'base', label: 'Base price', amount: 9900 },
      { key: 'variable', label: 'Units', detail: '100 × €3.00', amount: 30000 },
      { key: 'locations', label: 'Extra locations', detail: '2 × €49.00', amount: 9800 },
    ]);
    expect(oneTimeLines(q).map((l) => [l.label, l.amount, l.waived, l.originalAmount])).toEqual([
      ['Entry setup fee', 49900, false, undefined],
      ['Microsoft 365 Integration setup fee', 0, true, 15000],
    ]);
  });
});

describe('the discount lines add up to what they say', () => {
  it('monthly discounts under Discounts sum to totalDiscounts; a setup discount appears once, under One-time Fees', () => {
    // Ultimate, 3 locations (setup discount), 36 months (3-year), annually (free month), welcome credit
    const r = calculateQuote(
      { packageId: 3, squareMeters: 200, locations: 3, contractDuration: 36, paymentFrequency: 'annually', selectedDiscountIds: [1, 4, 5, 6] },
      testContext.pricing,
    );
    const g = discountGroups(r);
    expect(g.monthly.map((l) => l.label)).toEqual(['3-Year Contract Discount', 'Welcome Credit']);
    expect(g.monthly.reduce((a, l) => a + l.amount, 0)).toBe(r.totalDiscounts);
    expect(g.oneTime.map((l) => l.label)).toEqual(['Multi-Site Setup Discount']);
    expect(g.oneTime[0]!.amount).toBe(r.setupDiscount);
    expect(g.freeMonths.map((l) => [l.label, l.months])).toEqual([['Annual Prepay Bonus', 1]]);
  });
});

describe('the discounts panel count', () => {
  it("counts what applies, and the monthly part is the summary's Discounts count", () => {
    const none = quoteAfter({ type: 'setContractDuration', contractDuration: 12 });
    expect(appliedDiscountsText(none)).toBeNull();
    const two = quoteAfter({ type: 'toggleDiscount', discountId: 1 }, { type: 'toggleDiscount', discountId: 4 });
    expect(discountGroups(two).monthly).toHaveLength(2);
    expect(appliedDiscountsText(two)).toBe('2 applied');
    const mixed = quoteAfter(
      { type: 'incrementLocations' },
      { type: 'incrementLocations' },
      { type: 'toggleDiscount', discountId: 1 },
      { type: 'toggleDiscount', discountId: 5 },
      { type: 'toggleDiscount', discountId: 6 },
    );
    expect(discountGroups(mixed).monthly).toHaveLength(1);
    expect(appliedDiscountsText(mixed)).toBe('3 applied: 1 off the monthly total, 1 off one-time fees, 1 with free months');
  });
});

describe("the Details dialog's custom items", () => {
  it("in the order added, each with its terms, its quantity and the engine's amount", () => {
    const r = quoteAfter(
      { type: 'addCustomItem', item: { id: 'w', name: 'Workshop', description: 'On site', isOneTime: true, price: '450', quantity: 3 } },
      { type: 'addCustomItem', item: { id: 's', name: 'Support', isOneTime: false, price: '19.99' } },
    );
    expect(customItemDetailLines(r).map((l) => [l.label, l.amount])).toEqual([
      ['Workshop (one-time, 3 × €450.00) — On site', 135000],
      ['Support (monthly)', 1999],
    ]);
  });
});
