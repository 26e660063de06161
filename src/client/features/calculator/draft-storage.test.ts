import { describe, expect, it } from 'vitest';
import { calculatorReducer, initialCalculatorState } from './calculator-state';
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

  it('is checked against the catalogue: unknown add-ons, discounts and packages do not come back', () => {
    const s = { ...init(), packageId: 99, addOns: [{ id: 999, category: null, waiveSetupFee: false }], selectedDiscountIds: [999], contractDuration: 18 as 12 };
    const restored = calculatorReducer(init(), { type: 'restoreDraft', draft: parseDraft(serializeDraft(s))! }, testContext);
    expect(restored.packageId).toBe(1);
    expect(restored.addOns).toEqual([]);
    expect(restored.selectedDiscountIds).toEqual([]);
    expect(restored.contractDuration).toBe(12);
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
