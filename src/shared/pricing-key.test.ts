import { describe, expect, it } from 'vitest';
import { pricingKey } from './pricing-key';
import {
  ADD_ON_SELECTION_FIELDS,
  CUSTOM_ITEM_PRICING_FIELDS,
  customItemInput,
  pricingInput,
  type PricingField,
  type PricingFields,
} from './schemas/configuration';

const base: PricingFields = {
  packageId: 1,
  locations: 1,
  squareMeters: 100,
  userCount: 0,
  pricingModel: 'sqm',
  addOns: [{ id: 11, waiveSetupFee: false, quantity: 1 }],
  discountIds: [1],
  contractDuration: 12,
  paymentFrequency: 'annually',
  customItems: [{ id: 'a', name: 'Training', description: '', isOneTime: true, price: 250.5, quantity: 1 }],
  sellerDiscount: { type: 'percentage', value: 5, reason: 'Pilot' },
};

/** One other valid value of every pricing input: a field added to the schema needs one here, or the test fails. */
const other: Partial<{ [K in PricingField]: PricingFields[K] }> = {
  packageId: 2,
  locations: 2,
  squareMeters: 101,
  userCount: 5,
  pricingModel: 'user',
  addOns: [{ id: 12, waiveSetupFee: false, quantity: 1 }],
  discountIds: [2],
  contractDuration: 24,
  paymentFrequency: 'monthly',
  customItems: [{ id: 'a', name: 'Training', description: '', isOneTime: true, price: 250.51, quantity: 1 }],
  sellerDiscount: null,
};

describe('the pricing key (is this a new revision?)', () => {
  it.each(Object.keys(pricingInput.shape) as PricingField[])('changes when %s changes', (field) => {
    const value = other[field];
    expect(value, `a second value of ${field} for this test`).toBeDefined();
    expect(pricingInput.shape[field].safeParse(value).success).toBe(true);
    expect(pricingKey({ ...base, [field]: value })).not.toBe(pricingKey(base));
  });

  it.each(ADD_ON_SELECTION_FIELDS)("changes when an add-on's %s changes", (field) => {
    const addOn = { ...base.addOns[0]!, [field]: { id: 12, waiveSetupFee: true, quantity: 3 }[field] };
    expect(pricingKey({ ...base, addOns: [addOn] })).not.toBe(pricingKey(base));
  });

  it.each(CUSTOM_ITEM_PRICING_FIELDS)("changes when a custom item's %s changes", (field) => {
    const changed = { name: 'Onboarding', description: 'Two days', isOneTime: false, price: 99, quantity: 3 }[field];
    const item = { ...base.customItems[0]!, [field]: changed };
    expect(customItemInput.shape[field].safeParse(changed).success).toBe(true);
    expect(pricingKey({ ...base, customItems: [item] })).not.toBe(pricingKey(base));
  });

  it("changes when the seller's discount's type, value or reason changes", () => {
    for (const sellerDiscount of [
      { type: 'fixed' as const, value: 5, reason: 'Pilot' },
      { type: 'percentage' as const, value: 5.5, reason: 'Pilot' },
      { type: 'percentage' as const, value: 5, reason: 'Pilot site' },
    ])
      expect(pricingKey({ ...base, sellerDiscount })).not.toBe(pricingKey(base));
  });

  it('ignores what is not a choice: key order, repeats, the add-on category, custom item ids, sub-cent noise', () => {
    const same: PricingFields = {
      sellerDiscount: { reason: 'Pilot', value: 5, type: 'percentage' },
      customItems: [{ id: 'other-id', name: 'Training', description: '', isOneTime: true, price: 250.500001, quantity: 1 }],
      paymentFrequency: 'annually',
      contractDuration: 12,
      discountIds: [1, 1],
      addOns: [
        { id: 11, waiveSetupFee: false, quantity: 1, category: 3 } as PricingFields['addOns'][number],
        { id: 11, waiveSetupFee: true, quantity: 2 },
      ],
      pricingModel: 'sqm',
      userCount: 0,
      squareMeters: 100,
      locations: 1,
      packageId: 1,
    };
    expect(pricingKey(same)).toBe(pricingKey(base));
  });
});
