import { describe, expect, it } from 'vitest';
import { calculatorReducer, initialCalculatorState, type CalculatorAction, type CalculatorState } from './calculator-state';
import { droppedDiscountAnnouncements } from './discount-announcements';
import { testContext } from './test-catalog';

const step = (s: CalculatorState, a: CalculatorAction) => {
  const next = calculatorReducer(s, a, testContext);
  return { next, said: droppedDiscountAnnouncements(s, next, a, testContext).map((x) => x.description) };
};
const withDiscounts = (...ids: number[]) =>
  ids.reduce((s, id) => calculatorReducer(s, { type: 'toggleDiscount', discountId: id }, testContext), initialCalculatorState(testContext));

describe('announcing the discounts an action dropped', () => {
  it('36 → 24 months drops the 3-year discount and says which condition no longer holds', () => {
    const { next, said } = step(withDiscounts(1, 4), { type: 'setContractDuration', contractDuration: 24 });
    expect(next.selectedDiscountIds).toEqual([4]);
    expect(said).toEqual(['3-Year Contract Discount was removed: it requires Contract Duration = 36.']);
  });

  it('Quarterly drops the annual-prepay bonus, in the editor words', () => {
    const { said } = step(withDiscounts(5), { type: 'setPaymentFrequency', paymentFrequency: 'quarterly' });
    expect(said).toEqual(['Annual Prepay Bonus was removed: it requires Payment Frequency = Annual.']);
  });

  it('a unit discount dropped by the switch to user pricing says it applies only to Unit-Based pricing', () => {
    let s = initialCalculatorState(testContext);
    s = calculatorReducer(s, { type: 'inputQuantity', field: 'squareMeters', text: '6000' }, testContext);
    s = calculatorReducer(s, { type: 'toggleDiscount', discountId: 2 }, testContext);
    expect(s.selectedDiscountIds).toEqual([2]);
    const { said } = step(s, { type: 'setPricingModel', pricingModel: 'user' });
    expect(said).toEqual(['Large Floor Space was removed: it applies only to Unit-Based pricing.']);
  });

  it('says nothing when the user un-ticks a discount, or when nothing was dropped', () => {
    expect(step(withDiscounts(1), { type: 'toggleDiscount', discountId: 1 }).said).toEqual([]);
    expect(step(withDiscounts(1), { type: 'incrementLocations' }).said).toEqual([]);
    expect(step(withDiscounts(1, 4), { type: 'startOver' }).said).toEqual([]);
  });
});
