import { describe, expect, it } from 'vitest';
import { createDiscountInput } from '../../../../shared/schemas/catalog-admin';
import {
  conditionFromDto,
  conditionText,
  conditionToInput,
  discountDraftToInput,
  discountSummary,
  newDiscountDraft,
  operatorsFor,
  togglePackage,
  valueKindOf,
  withOperator,
  withType,
} from './condition-rules';

const packages = [
  { id: 1, name: 'Entry' },
  { id: 2, name: 'Advanced' },
  { id: 3, name: 'Ultimate' },
];

describe('operators and values per condition type', () => {
  it('numeric types take = > >= < <=; package = or in; frequency and model = only', () => {
    for (const t of ['contractDuration', 'squareMeters', 'userCount', 'locations'] as const) {
      expect(operatorsFor(t)).toEqual(['=', '>', '>=', '<', '<=']);
      expect(valueKindOf(t, '>=')).toBe('number');
    }
    expect(operatorsFor('package')).toEqual(['=', 'in']);
    expect(operatorsFor('paymentFrequency')).toEqual(['=']);
    expect(operatorsFor('pricingModel')).toEqual(['=']);
    expect([valueKindOf('package', '='), valueKindOf('package', 'in')]).toEqual(['package', 'packages']);
  });

  it('changing the type keeps an operator that still applies and resets a value of another kind', () => {
    const c = { type: 'contractDuration' as const, operator: '>=', value: '24' };
    expect(withType(c, 'locations', [1, 2])).toEqual({ type: 'locations', operator: '>=', value: '24' });
    expect(withType(c, 'package', [1, 2])).toEqual({ type: 'package', operator: '=', value: '1' });
    expect(withType(c, 'paymentFrequency', [])).toEqual({ type: 'paymentFrequency', operator: '=', value: 'monthly' });
    expect(withType(c, 'pricingModel', [])).toEqual({ type: 'pricingModel', operator: '=', value: 'sqm' });
    expect(withType({ type: 'package', operator: 'in', value: [2] }, 'userCount', [])).toEqual({ type: 'userCount', operator: '=', value: '0' });
  });

  it('package = ⇄ in carries the chosen packages over; an operator the type does not take is ignored', () => {
    const eq = { type: 'package' as const, operator: '=', value: '2' };
    const inList = withOperator(eq, 'in');
    expect(inList).toEqual({ type: 'package', operator: 'in', value: [2] });
    expect(togglePackage(inList, 3, true).value).toEqual([2, 3]);
    expect(withOperator({ ...inList, value: [3, 2] }, '=')).toEqual({ type: 'package', operator: '=', value: '3' });
    expect(withOperator({ type: 'paymentFrequency', operator: '=', value: 'monthly' }, '>')).toEqual({
      type: 'paymentFrequency',
      operator: '=',
      value: 'monthly',
    });
  });

  it('numeric values must be whole numbers ≥ 0; in needs a package', () => {
    expect(conditionToInput({ type: 'locations', operator: '>=', value: '3' })).toEqual({ type: 'locations', operator: '>=', value: 3 });
    expect(conditionToInput({ type: 'locations', operator: '>=', value: '0' })?.value).toBe(0);
    expect(conditionToInput({ type: 'locations', operator: '>=', value: '2.5' })).toBeNull();
    expect(conditionToInput({ type: 'locations', operator: '>=', value: '-1' })).toBeNull();
    expect(conditionToInput({ type: 'locations', operator: '>=', value: '' })).toBeNull();
    expect(conditionToInput({ type: 'package', operator: 'in', value: [] })).toBeNull();
    expect(conditionToInput({ type: 'package', operator: '=', value: '' })).toBeNull();
  });

  it('reads stored conditions back (units, a single id for in, annual)', () => {
    expect(conditionFromDto({ type: 'units', operator: '>', value: 500 })).toEqual({ type: 'squareMeters', operator: '>', value: '500' });
    expect(conditionFromDto({ type: 'package', operator: 'in', value: 3 })).toEqual({ type: 'package', operator: 'in', value: [3] });
    expect(conditionFromDto({ type: 'paymentFrequency', operator: '=', value: 'annual' }).value).toBe('annually');
  });
});

describe('how a rule reads', () => {
  it('summarises each type with its value', () => {
    expect(discountSummary({ type: 'percentage', value: '10.00' })).toBe('Standard Percentage: 10%');
    expect(discountSummary({ type: 'fixed', value: '50.00' })).toBe('Fixed Amount: €50.00');
    expect(discountSummary({ type: 'free_months', value: '1.00' })).toBe('Free Months: 1 month');
    expect(discountSummary({ type: 'free_months', value: '2.00' })).toBe('Free Months: 2 months');
    expect(discountSummary({ type: 'setup_fee_discount', value: '50.00' })).toBe('Setup Fee Discount: 50%');
    expect(discountSummary({ type: 'sqm_percentage', value: '15.00' })).toBe('Unit Percentage: 15%');
    expect(discountSummary({ type: 'user_percentage', value: '12.50' })).toBe('User Percentage: 12.5%');
  });

  it('shows conditions as text with package names', () => {
    expect(conditionText({ type: 'contractDuration', operator: '>=', value: 24 }, packages)).toBe('Contract Duration >= 24');
    expect(conditionText({ type: 'package', operator: 'in', value: [1, 2] }, packages)).toBe('Package in Entry, Advanced');
    expect(conditionText({ type: 'package', operator: '=', value: 3 }, packages)).toBe('Package = Ultimate');
    expect(conditionText({ type: 'package', operator: '=', value: 9 }, packages)).toBe('Package = #9 (deleted)');
    expect(conditionText({ type: 'paymentFrequency', operator: '=', value: 'annually' }, packages)).toBe('Payment Frequency = Annual');
    expect(conditionText({ type: 'pricingModel', operator: '=', value: 'sqm' }, packages)).toBe('Pricing Model = Unit-Based');
    expect(conditionText({ type: 'squareMeters', operator: '>=', value: 5000 }, packages)).toBe('Units >= 5,000');
  });
});

describe('saving a rule', () => {
  it('starts as percentage 10 with contract duration >= 24', () => {
    expect(newDiscountDraft()).toEqual({
      name: '',
      description: '',
      type: 'percentage',
      value: '10',
      conditions: [{ type: 'contractDuration', operator: '>=', value: '24' }],
    });
  });

  it('needs a name, a value above 0 and at least one complete condition', () => {
    const ok = { ...newDiscountDraft(), name: 'Loyalty' };
    const fail = (missing: string) => ({ ok: false, message: 'Please fill in all required fields', missing });
    expect(discountDraftToInput({ ...ok, name: '  ' })).toEqual(fail('Missing: a rule name.'));
    expect(discountDraftToInput({ ...ok, value: '0' })).toEqual(fail('Missing: a value above 0.'));
    expect(discountDraftToInput({ ...ok, value: '' })).toEqual(fail('Missing: a value above 0.'));
    expect(discountDraftToInput({ ...ok, conditions: [] })).toEqual(fail('Missing: at least one condition.'));
    expect(discountDraftToInput({ ...ok, conditions: [{ type: 'locations', operator: '>', value: '1.5' }] })).toEqual(
      fail('Missing: a complete value for condition 1.'),
    );
    const r = discountDraftToInput(ok);
    expect(r).toEqual({
      ok: true,
      input: {
        name: 'Loyalty',
        description: '',
        type: 'percentage',
        value: '10',
        conditions: [{ type: 'contractDuration', operator: '>=', value: 24 }],
      },
    });
    if (r.ok) expect(createDiscountInput.parse(r.input).value).toBe(1000);
  });

  it('reads the value as typed: "12,5" is 12.5 here and on the server; "12a" and "1e3" say they are no number; too large says so', () => {
    const ok = { ...newDiscountDraft(), name: 'Loyalty' };
    const comma = discountDraftToInput({ ...ok, value: '12,5' });
    expect(comma.ok).toBe(true);
    if (comma.ok) expect(createDiscountInput.parse(comma.input).value).toBe(1250);
    expect(discountDraftToInput({ ...ok, value: '12a' })).toEqual({ ok: false, message: 'Discount value must be a number' });
    expect(discountDraftToInput({ ...ok, value: '1e3' })).toEqual({ ok: false, message: 'Discount value must be a number' });
    expect(discountDraftToInput({ ...ok, value: '100000000' })).toEqual({ ok: false, message: 'Discount value is too large' });
    expect(createDiscountInput.safeParse({ ...ok, conditions: [], value: '1e3' }).error?.issues[0]?.message).toBe('Discount value must be a number');
  });
});
