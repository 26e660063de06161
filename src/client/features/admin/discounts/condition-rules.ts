// Discount rules in the admin form (docs/PRODUCT.md "The admin area"): which operators and value kinds each condition type takes,
// how a condition changes when its type or operator does, how a condition and a rule read on a card, and when a
// rule may be saved. Pure: the condition editor and the rule cards only show what this decides.
import { parseTypedMoney } from '../../../../shared/typed-numbers';
import {
  DISCOUNT_REQUIRED,
  DISCOUNT_VALUE_NOT_A_NUMBER,
  DISCOUNT_VALUE_TOO_LARGE,
  MAX_MONEY_CENTS,
  toWholeNumber,
  type ConditionType,
  type CreateDiscountInput,
  type DiscountType,
} from '../../../../shared/schemas/catalog-admin';
import { DISCOUNT_TYPE_LABELS, labelOf, optionsOf } from '../../../../shared/labels';
import { DISCOUNT_TYPES, isOneOf, PAYMENT_FREQUENCIES, PRICING_MODELS } from '../../../../shared/value-sets';
import { formatEuro } from '../../../lib/format';

/** A condition as the catalogue answers it. */
export interface StoredCondition {
  type: string;
  operator: string;
  value?: unknown;
}
export interface StoredDiscount {
  name: string;
  description: string;
  type: string;
  value: string;
  conditions: StoredCondition[];
}

export const CONDITION_TYPE_OPTIONS: { value: ConditionType; label: string }[] = [
  { value: 'contractDuration', label: 'Contract Duration' },
  { value: 'squareMeters', label: 'Units' },
  { value: 'userCount', label: 'User Count' },
  { value: 'locations', label: 'Locations' },
  { value: 'package', label: 'Package' },
  { value: 'paymentFrequency', label: 'Payment Frequency' },
  { value: 'pricingModel', label: 'Pricing Model' },
];
const TYPE_LABEL = new Map<string, string>(CONDITION_TYPE_OPTIONS.map((o) => [o.value, o.label]));

export const NUMERIC_OPERATORS = ['=', '>', '>=', '<', '<='] as const;

export function operatorsFor(type: ConditionType): readonly string[] {
  switch (type) {
    case 'package':
      return ['=', 'in'];
    case 'paymentFrequency':
    case 'pricingModel':
      return ['='];
    default:
      return NUMERIC_OPERATORS;
  }
}

export type ValueKind = 'number' | 'package' | 'packages' | 'frequency' | 'model';

export function valueKindOf(type: ConditionType, operator: string): ValueKind {
  if (type === 'package') return operator === 'in' ? 'packages' : 'package';
  if (type === 'paymentFrequency') return 'frequency';
  if (type === 'pricingModel') return 'model';
  return 'number';
}

/** As the editor holds it: numbers as typed, a package id as a select's string, `in` as a list of ids. */
export interface ConditionDraft {
  type: ConditionType;
  operator: string;
  value: string | number[];
}

function defaultValue(kind: ValueKind, packageIds: readonly number[]): string | number[] {
  switch (kind) {
    case 'number':
      return '0';
    case 'package':
      return packageIds[0] !== undefined ? String(packageIds[0]) : '';
    case 'packages':
      return [];
    case 'frequency':
      return 'monthly';
    case 'model':
      return 'sqm';
  }
}

/** docs/PRODUCT.md "The admin area": a new rule starts with "contract duration at least 24 months". */
export function defaultCondition(): ConditionDraft {
  return { type: 'contractDuration', operator: '>=', value: '24' };
}

/** An added row: contract duration >= 0, the same kind as the default. */
export function newCondition(): ConditionDraft {
  return { type: 'contractDuration', operator: '>=', value: '0' };
}

/** A new type keeps the operator when it still applies (else its first), and the value when its kind stays. */
export function withType(c: ConditionDraft, type: ConditionType, packageIds: readonly number[]): ConditionDraft {
  const ops = operatorsFor(type);
  const operator = ops.includes(c.operator) ? c.operator : ops[0]!;
  const sameKind = valueKindOf(type, operator) === valueKindOf(c.type, c.operator);
  return { type, operator, value: sameKind ? c.value : defaultValue(valueKindOf(type, operator), packageIds) };
}

/** Package `=` ⇄ `in` carries the chosen package(s) over. */
export function withOperator(c: ConditionDraft, operator: string): ConditionDraft {
  if (!operatorsFor(c.type).includes(operator)) return c;
  const from = valueKindOf(c.type, c.operator);
  const to = valueKindOf(c.type, operator);
  if (from === to) return { ...c, operator };
  if (to === 'packages') {
    const id = typeof c.value === 'string' ? toWholeNumber(c.value) : null;
    return { ...c, operator, value: id !== null && id > 0 ? [id] : [] };
  }
  // packages → package
  const first = Array.isArray(c.value) ? c.value[0] : undefined;
  return { ...c, operator, value: first !== undefined ? String(first) : '' };
}

export function togglePackage(c: ConditionDraft, packageId: number, on: boolean): ConditionDraft {
  const list = Array.isArray(c.value) ? c.value.filter((id) => id !== packageId) : [];
  return { ...c, value: on ? [...list, packageId] : list };
}

const isConditionType = (t: string): t is ConditionType => TYPE_LABEL.has(t);

/** A stored condition as the editor holds it (an unknown type is shown as contract duration >= 0). */
export function conditionFromDto(c: StoredCondition): ConditionDraft {
  const type: ConditionType = c.type === 'units' ? 'squareMeters' : isConditionType(c.type) ? c.type : 'contractDuration';
  const operator = operatorsFor(type).includes(c.operator) ? c.operator : operatorsFor(type)[0]!;
  const kind = valueKindOf(type, operator);
  const v = c.value;
  if (kind === 'packages') {
    const list = (Array.isArray(v) ? v : [v]).map(toWholeNumber).filter((n): n is number => n !== null && n > 0);
    return { type, operator, value: list };
  }
  if (kind === 'frequency' || kind === 'model') return { type, operator, value: v === 'annual' ? 'annually' : String(v ?? '') };
  const single = Array.isArray(v) ? v[0] : v;
  return { type, operator, value: single === null || single === undefined ? '' : String(single) };
}

/** What the server takes, or null while the value is missing or not allowed (numbers: whole, ≥ 0). */
export function conditionToInput(c: ConditionDraft): { type: ConditionType; operator: string; value: number | number[] | string } | null {
  if (!operatorsFor(c.type).includes(c.operator)) return null;
  switch (valueKindOf(c.type, c.operator)) {
    case 'number':
    case 'package': {
      const n = typeof c.value === 'string' && c.value.trim() !== '' ? toWholeNumber(c.value) : null;
      if (n === null) return null;
      if (c.type === 'package' && n < 1) return null;
      return { type: c.type, operator: c.operator, value: n };
    }
    case 'packages':
      return Array.isArray(c.value) && c.value.length > 0 ? { type: c.type, operator: c.operator, value: [...c.value] } : null;
    case 'frequency':
      return isOneOf(PAYMENT_FREQUENCIES, c.value) ? { type: c.type, operator: c.operator, value: c.value } : null;
    case 'model':
      return isOneOf(PRICING_MODELS, c.value) ? { type: c.type, operator: c.operator, value: c.value } : null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a rule

export const DISCOUNT_TYPE_OPTIONS = optionsOf(DISCOUNT_TYPES, DISCOUNT_TYPE_LABELS);

export function valueLabel(type: string): string {
  if (type === 'fixed') return 'Amount (€)';
  if (type === 'free_months') return 'Free Months';
  return 'Percentage (%)';
}

const trimZeros = (s: string) => s.replace(/\.0+$/, '').replace(/(\.\d*?)0+$/, '$1');

/** "10%", "€50.00", "1 month" / "2 months" (docs/PRODUCT.md "The admin area"). */
export function discountValueText(type: string, value: string): string {
  if (type === 'fixed') return formatEuro(value);
  if (type === 'free_months') {
    const n = Number(value);
    return `${trimZeros(value)} ${n === 1 ? 'month' : 'months'}`;
  }
  return `${trimZeros(value)}%`;
}

export function discountSummary(d: Pick<StoredDiscount, 'type' | 'value'>): string {
  return `${labelOf(DISCOUNT_TYPE_LABELS, d.type)}: ${discountValueText(d.type, d.value)}`;
}

export { conditionText } from '../../../lib/condition-words';

// ---------------------------------------------------------------------------------------------------------------
// Saving a rule

export interface DiscountDraft {
  name: string;
  description: string;
  type: DiscountType;
  value: string;
  conditions: ConditionDraft[];
}

export function newDiscountDraft(): DiscountDraft {
  return { name: '', description: '', type: 'percentage', value: '10', conditions: [defaultCondition()] };
}

export function discountToDraft(d: StoredDiscount): DiscountDraft {
  const type = isOneOf(DISCOUNT_TYPES, d.type) ? d.type : 'percentage';
  return { name: d.name, description: d.description, type, value: trimZeros(d.value), conditions: d.conditions.map(conditionFromDto) };
}

/**
 * docs/PRODUCT.md "The admin area": a non-blank name, a value above 0 and at least one (complete) condition, otherwise "Please fill in
 * all required fields". Answers the body for admin.discounts.create / update, or the message.
 */
export function discountDraftToInput(
  d: DiscountDraft,
): { ok: true; input: Required<CreateDiscountInput> } | { ok: false; message: string; missing?: string } {
  const typed = d.value.trim() !== '';
  // hundredths: a percentage or an amount, two decimals either way
  const value = parseTypedMoney(d.value);
  // a value typed that is no number, or one over the limit, says so in the server's words
  if (typed && value === null) return { ok: false, message: DISCOUNT_VALUE_NOT_A_NUMBER };
  if (value !== null && value > MAX_MONEY_CENTS) return { ok: false, message: DISCOUNT_VALUE_TOO_LARGE };
  const conditions = d.conditions.map(conditionToInput);
  // the product's message, and what exactly is missing, so the admin need not guess
  const missing: string[] = [];
  if (d.name.trim() === '') missing.push('a rule name');
  if (value === null || value <= 0) missing.push('a value above 0');
  if (conditions.length === 0) missing.push('at least one condition');
  conditions.forEach((c, i) => {
    if (c === null) missing.push(`a complete value for condition ${i + 1}`);
  });
  if (missing.length > 0) {
    return { ok: false, message: DISCOUNT_REQUIRED, missing: `Missing: ${missing.join(', ')}.` };
  }
  return {
    ok: true,
    input: {
      name: d.name.trim(),
      description: d.description.trim(),
      type: d.type,
      value: d.value.trim(),
      conditions: conditions as NonNullable<(typeof conditions)[number]>[],
    },
  };
}
