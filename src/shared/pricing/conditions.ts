import { toFiniteNumber, toId } from './coerce';
import type { NormalizedForm, PricingCondition, PricingDiscount } from './types';

function compare(actual: number, operator: string, expected: unknown): boolean {
  const v = toFiniteNumber(expected);
  if (v === null) return false;
  switch (operator) {
    case '=':
      return actual === v;
    case '>':
      return actual > v;
    case '>=':
      return actual >= v;
    case '<':
      return actual < v;
    case '<=':
      return actual <= v;
    default:
      return false; // unknown operator (including `in` on a numeric field)
  }
}

function packageMatches(packageId: number, operator: string, value: unknown): boolean {
  if (operator !== '=' && operator !== 'in') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (toId(value[i]) === packageId) return true;
    return false;
  }
  return toId(value) === packageId;
}

function readFrequency(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  return s === 'annual' ? 'annually' : s;
}

/**
 * One condition against the normalised form (docs/PRODUCT.md "Pricing" step 4). An unknown type or operator
 * is false. Numbers and ids may be numeric strings; 'annual' reads as 'annually'.
 */
export function conditionHolds(c: PricingCondition, form: NormalizedForm): boolean {
  if (c === null || typeof c !== 'object') return false;
  const op = c.operator;
  switch (c.type) {
    case 'contractDuration':
      return compare(form.contractDuration, op, c.value);
    case 'squareMeters':
    case 'units': // docs/PRODUCT.md "The admin area": "squareMeters (also called units)"
      return compare(form.squareMeters, op, c.value);
    case 'userCount':
      return compare(form.userCount, op, c.value);
    case 'locations':
      return compare(form.locations, op, c.value);
    case 'package':
      return packageMatches(form.packageId, op, c.value);
    case 'paymentFrequency':
      return op === '=' && readFrequency(c.value) === form.paymentFrequency;
    case 'pricingModel':
      return op === '=' && typeof c.value === 'string' && c.value.trim() === form.pricingModel;
    default:
      return false;
  }
}

/** All conditions hold (none = always). A non-array `conditions` counts as none. */
export function conditionsHold(conditions: readonly PricingCondition[] | null | undefined, form: NormalizedForm): boolean {
  if (!Array.isArray(conditions)) return true;
  for (let i = 0; i < conditions.length; i++) if (!conditionHolds(conditions[i]!, form)) return false;
  return true;
}

/** Normalised discount value in hundredths: a finite number > 0 rounded to an integer, else 0. */
export function discountValue(d: PricingDiscount): number {
  const v = d.value;
  if (typeof v !== 'number' || !(v > 0) || v === Infinity) return 0;
  return Number.isInteger(v) ? v : Math.round(v);
}

function knownType(t: string): boolean {
  return (
    t === 'percentage' || t === 'fixed' || t === 'sqm_percentage' || t === 'user_percentage' || t === 'free_months' || t === 'setup_fee_discount'
  );
}

/**
 * Whether a discount would apply to this form if selected: a known type, a value > 0, the
 * pricing-model restriction (sqm_percentage only with sqm, user_percentage only with user) and
 * all its conditions.
 */
export function isDiscountEligible(discount: PricingDiscount, form: NormalizedForm): boolean {
  if (discount === null || typeof discount !== 'object') return false;
  const t = discount.type;
  if (!knownType(t)) return false;
  if (discountValue(discount) <= 0) return false;
  if (t === 'sqm_percentage' && form.pricingModel !== 'sqm') return false;
  if (t === 'user_percentage' && form.pricingModel !== 'user') return false;
  return conditionsHold(discount.conditions, form);
}
