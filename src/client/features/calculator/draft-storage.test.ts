import { describe, expect, it } from 'vitest';
import { pricingInput, type PricingField } from '../../../shared/schemas/configuration';
import { calculatorReducer, initialCalculatorState, type CalculatorState } from './calculator-state';
import { parseDraft, quoteFingerprint, serializeDraft } from './draft-storage';
import { testContext } from './test-catalog';

const init = () => initialCalculatorState(testContext);

describe('the unsaved draft', () => {
  it('round-trips a quote and is restored as it was', () => {
    let s = init();
    s = calculatorReducer(s, { type: 'selectPackage', packageId: 3 }, testContext);
    s = calculatorReducer(s, { type: 'selectAddOn', pick: { id: 31, category: 3 } }, testContext);
    s = calculatorReducer(s, { type: 'addCustomItem', item: { id: 'a', name: 'Training', isOneTime: true, price: '250.50' } }, testContext);
    const back = parseDraft(serializeDraft(s));
    expect(back).not.toBeNull();
    const restored = calculatorReducer(init(), { type: 'restoreDraft', draft: back! }, testContext);
    expect(quoteFingerprint(restored)).toBe(quoteFingerprint(s));
    expect(restored.customItems[0]).toMatchObject({ name: 'Training', price: 250.5, isOneTime: true });
  });

  it('keeps quantities and the seller’s discount', () => {
    let s = init();
    s = calculatorReducer(s, { type: 'selectPackage', packageId: 3 }, testContext);
    s = calculatorReducer(s, { type: 'selectAddOn', pick: { id: 31, category: 3 } }, testContext);
    s = calculatorReducer(s, { type: 'setAddOnQuantity', addOnId: 31, quantity: 12 }, testContext);
    s = calculatorReducer(
      s,
      { type: 'addCustomItem', item: { id: 'a', name: 'Licence', isOneTime: false, price: '2.50', quantity: 3 } },
      testContext,
    );
    s = calculatorReducer(s, { type: 'setSellerDiscount', discount: { type: 'fixed', value: '20', reason: 'Pilot' } }, testContext);
    const restored = calculatorReducer(init(), { type: 'restoreDraft', draft: parseDraft(serializeDraft(s))! }, testContext);
    expect(restored.addOns).toEqual([{ id: 31, category: 3, waiveSetupFee: false, quantity: 12 }]);
    expect(restored.customItems[0]).toMatchObject({ name: 'Licence', price: 2.5, quantity: 3 });
    expect(restored.sellerDiscount).toEqual({ type: 'fixed', value: 20, reason: 'Pilot' });
    expect(quoteFingerprint(restored)).toBe(quoteFingerprint(s));
    // a stored quantity or seller's discount the save would refuse does not come back
    const tampered = { ...s, addOns: [{ ...s.addOns[0]!, quantity: 0 }], sellerDiscount: { type: 'fixed' as const, value: -1, reason: 'x' } };
    const back = calculatorReducer(init(), { type: 'restoreDraft', draft: parseDraft(serializeDraft(tampered))! }, testContext);
    expect([back.addOns[0]?.quantity, back.sellerDiscount]).toEqual([1, null]);
  });

  it('is checked against the catalogue: unknown add-ons, discounts and packages do not come back', () => {
    const s = {
      ...init(),
      packageId: 99,
      addOns: [{ id: 999, category: null, waiveSetupFee: false, quantity: 1 }],
      selectedDiscountIds: [999],
      contractDuration: 18 as 12,
    };
    const restored = calculatorReducer(init(), { type: 'restoreDraft', draft: parseDraft(serializeDraft(s))! }, testContext);
    expect(restored.packageId).toBe(1);
    expect(restored.addOns).toEqual([]);
    expect(restored.selectedDiscountIds).toEqual([]);
    expect(restored.contractDuration).toBe(12);
  });

  /** One change of each pricing input on screen: a field added to the save schema needs one here, or the test fails. */
  const changes: Partial<Record<PricingField, (s: CalculatorState) => CalculatorState>> = {
    packageId: (s) => ({ ...s, packageId: 3 }),
    locations: (s) => ({ ...s, locations: s.locations + 1 }),
    squareMeters: (s) => ({ ...s, squareMeters: s.squareMeters + 1 }),
    userCount: (s) => ({ ...s, userCount: s.userCount + 1 }),
    pricingModel: (s) => ({ ...s, pricingModel: s.pricingModel === 'sqm' ? 'user' : 'sqm' }),
    addOns: (s) => ({ ...s, addOns: [{ id: 11, category: 1, waiveSetupFee: true, quantity: 1 }] }),
    discountIds: (s) => ({ ...s, selectedDiscountIds: [4] }),
    contractDuration: (s) => ({ ...s, contractDuration: s.contractDuration === 24 ? 36 : 24 }),
    paymentFrequency: (s) => ({ ...s, paymentFrequency: s.paymentFrequency === 'monthly' ? 'quarterly' : 'monthly' }),
    customItems: (s) => ({ ...s, customItems: [{ id: 'a', name: 'Training', description: '', isOneTime: true, price: 250.5, quantity: 1 }] }),
    sellerDiscount: (s) => ({ ...s, sellerDiscount: { type: 'percentage', value: 5, reason: 'Loyal customer' } }),
  };
  it.each(Object.keys(pricingInput.shape) as PricingField[])('tells a change of %s from the saved quote', (field) => {
    const change = changes[field];
    expect(change, `a change of ${field} for this test`).toBeDefined();
    expect(quoteFingerprint(change!(init()))).not.toBe(quoteFingerprint(init()));
  });

  it('tells one saved quote from another, and ignores which category an add-on was picked from', () => {
    expect(quoteFingerprint({ ...init(), configId: 7 })).not.toBe(quoteFingerprint(init()));
    const picked = { ...init(), addOns: [{ id: 11, category: 1, waiveSetupFee: false, quantity: 1 }] };
    expect(quoteFingerprint({ ...picked, addOns: [{ id: 11, category: null, waiveSetupFee: false, quantity: 1 }] })).toBe(quoteFingerprint(picked));
  });

  it('ignores what is not a draft', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('not json')).toBeNull();
    expect(parseDraft('{"v":0,"state":{}}')).toBeNull();
    expect(parseDraft('{"v":1,"state":{"packageId":"x"}}')).toBeNull();
  });

  it('Start over goes back to the defaults', () => {
    const s = calculatorReducer(init(), { type: 'setContractDuration', contractDuration: 12 }, testContext);
    expect(calculatorReducer(s, { type: 'startOver' }, testContext)).toEqual(init());
  });
});
