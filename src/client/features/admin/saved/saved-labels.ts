// Display words for stored configuration values: the same names the calculator uses.
import { labelOf, PAYMENT_FREQUENCY_LABELS, PRICING_MODEL_LABELS } from '../../../../shared/labels';
import { formatCount } from '../../../lib/format';

export function frequencyLabel(value: string): string {
  return labelOf(PAYMENT_FREQUENCY_LABELS, value);
}
export function pricingModelLabel(value: string): string {
  return labelOf(PRICING_MODEL_LABELS, value);
}

/** What the quote is sized by: units for a unit-based quote, users for a user-based one. */
export function sizeOf(c: { pricingModel?: string | null; squareMeters: number; userCount: number }): { label: string; value: string } {
  return c.pricingModel === 'user' ? { label: 'Users', value: formatCount(c.userCount) } : { label: 'Units', value: formatCount(c.squareMeters) };
}
