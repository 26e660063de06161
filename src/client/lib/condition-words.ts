// How a discount condition reads to a person, in the admin editor's own words, wherever it is shown: the admin's
// rule cards and the calculator's notice when a condition stops holding.
import { labelOf, PAYMENT_FREQUENCY_LABELS, PRICING_MODEL_LABELS } from '../../shared/labels';
import { toWholeNumber } from '../../shared/schemas/catalog-admin';

export const CONDITION_TYPE_LABELS: Record<string, string> = {
  contractDuration: 'Contract Duration',
  squareMeters: 'Units',
  userCount: 'User Count',
  locations: 'Locations',
  package: 'Package',
  paymentFrequency: 'Payment Frequency',
  pricingModel: 'Pricing Model',
};

export interface ConditionLike {
  type: string;
  operator: string;
  value?: unknown;
}

function valueWords(c: ConditionLike, packages: readonly { id: number; name: string }[]): string {
  if (c.type === 'package') {
    const ids = Array.isArray(c.value) ? c.value : [c.value];
    return ids
      .map((raw) => {
        const id = toWholeNumber(raw);
        // a catalogue file names its packages (docs/API.md "The catalogue file")
        if (id === null && typeof raw === 'string' && raw.trim() !== '') return raw;
        return packages.find((p) => p.id === id)?.name ?? `#${String(raw)} (deleted)`;
      })
      .join(', ');
  }
  if (c.type === 'paymentFrequency') {
    const v = String(c.value) === 'annual' ? 'annually' : String(c.value);
    return labelOf(PAYMENT_FREQUENCY_LABELS, v);
  }
  if (c.type === 'pricingModel') return labelOf(PRICING_MODEL_LABELS, String(c.value));
  if (typeof c.value === 'number') return c.value.toLocaleString('en-GB');
  return Array.isArray(c.value) ? c.value.join(', ') : String(c.value);
}

/** "Contract Duration >= 24", "Package in Entry, Advanced", "Payment Frequency = Annual", "Pricing Model = User-Based". */
export function conditionText(c: ConditionLike, packages: readonly { id: number; name: string }[]): string {
  const type = c.type === 'units' ? 'squareMeters' : c.type;
  return `${CONDITION_TYPE_LABELS[type] ?? type} ${c.operator} ${valueWords(c, packages)}`;
}
