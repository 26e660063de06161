import { describe, expect, it } from 'vitest';
import { conditionHolds, isDiscountEligible } from './conditions';
import type { NormalizedForm, PricingCondition, PricingDiscount } from './types';

const form: NormalizedForm = {
  packageId: 2,
  pricingModel: 'sqm',
  squareMeters: 250,
  userCount: 12,
  locations: 3,
  addOns: [],
  customItems: [],
  selectedDiscountIds: [],
  sellerDiscount: null,
  contractDuration: 24,
  paymentFrequency: 'annually',
};
const holds = (type: string, operator: string, value: unknown) => conditionHolds({ type, operator, value }, form);

describe('conditionHolds', () => {
  it('numeric operators on every numeric field, numeric strings count', () => {
    expect(holds('contractDuration', '=', 24)).toBe(true);
    expect(holds('contractDuration', '=', '24')).toBe(true);
    expect(holds('contractDuration', '>', 12)).toBe(true);
    expect(holds('contractDuration', '>', 24)).toBe(false);
    expect(holds('contractDuration', '>=', 24)).toBe(true);
    expect(holds('contractDuration', '<', 36)).toBe(true);
    expect(holds('contractDuration', '<=', 12)).toBe(false);
    expect(holds('squareMeters', '>=', ' 250 ')).toBe(true);
    expect(holds('units', '>', 249)).toBe(true);
    expect(holds('userCount', '<', 13)).toBe(true);
    expect(holds('locations', '=', 3)).toBe(true);
    expect(holds('locations', '=', 'three')).toBe(false);
    expect(holds('locations', '=', null)).toBe(false);
    expect(holds('locations', '=', [3])).toBe(false);
  });
  it('unknown operator, `in` on a numeric field, unknown type: false', () => {
    expect(holds('squareMeters', 'in', [250])).toBe(false);
    expect(holds('squareMeters', '!=', 1)).toBe(false);
    expect(holds('squareMeters', '==', 250)).toBe(false);
    expect(holds('region', '=', 'EU')).toBe(false);
  });
  it('package: = or in, with an id or a list, string ids count', () => {
    expect(holds('package', '=', 2)).toBe(true);
    expect(holds('package', '=', '2')).toBe(true);
    expect(holds('package', '=', 1)).toBe(false);
    expect(holds('package', 'in', [1, 2])).toBe(true);
    expect(holds('package', 'in', ['1', '2'])).toBe(true);
    expect(holds('package', 'in', [1, 3])).toBe(false);
    expect(holds('package', 'in', 2)).toBe(true);
    expect(holds('package', '=', [2])).toBe(true);
    expect(holds('package', '>', 1)).toBe(false);
    expect(holds('package', 'in', [])).toBe(false);
  });
  it('paymentFrequency and pricingModel: = only; annual reads as annually', () => {
    expect(holds('paymentFrequency', '=', 'annually')).toBe(true);
    expect(holds('paymentFrequency', '=', 'annual')).toBe(true);
    expect(holds('paymentFrequency', '=', 'monthly')).toBe(false);
    expect(holds('paymentFrequency', 'in', ['annually'])).toBe(false);
    expect(holds('pricingModel', '=', 'sqm')).toBe(true);
    expect(holds('pricingModel', '=', 'user')).toBe(false);
    expect(holds('pricingModel', 'in', ['sqm'])).toBe(false);
  });
});

describe('isDiscountEligible', () => {
  const d = (type: string, value: number, conditions: PricingCondition[] = []): PricingDiscount => ({ id: 1, name: 'd', type, value, conditions });
  it('no conditions = always; all must hold', () => {
    expect(isDiscountEligible(d('percentage', 1000), form)).toBe(true);
    expect(
      isDiscountEligible(
        d('percentage', 1000, [
          { type: 'package', operator: 'in', value: [2] },
          { type: 'locations', operator: '>=', value: 3 },
        ]),
        form,
      ),
    ).toBe(true);
    expect(
      isDiscountEligible(
        d('percentage', 1000, [
          { type: 'package', operator: 'in', value: [2] },
          { type: 'locations', operator: '>', value: 3 },
        ]),
        form,
      ),
    ).toBe(false);
  });
  it('value must be > 0, type known, model restriction respected', () => {
    expect(isDiscountEligible(d('percentage', 0), form)).toBe(false);
    expect(isDiscountEligible(d('percentage', -5), form)).toBe(false);
    expect(isDiscountEligible(d('percentage', Number.NaN), form)).toBe(false);
    expect(isDiscountEligible(d('mystery', 100), form)).toBe(false);
    expect(isDiscountEligible(d('sqm_percentage', 100), form)).toBe(true);
    expect(isDiscountEligible(d('user_percentage', 100), form)).toBe(false);
    expect(isDiscountEligible(d('user_percentage', 100), { ...form, pricingModel: 'user' })).toBe(true);
    expect(isDiscountEligible(d('sqm_percentage', 100), { ...form, pricingModel: 'user' })).toBe(false);
  });
});
