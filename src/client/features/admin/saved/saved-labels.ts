// Display words for stored configuration values: the same names the calculator uses.
import { FREQUENCY_WORDS } from '../../../lib/condition-words';
import { formatCount } from '../../../lib/format';

export function frequencyLabel(value: string): string {
  return FREQUENCY_WORDS[value] ?? value;
}
const MODEL_LABELS: Record<string, string> = { sqm: 'Unit-Based', user: 'User-Based' };
export function pricingModelLabel(value: string): string {
  return MODEL_LABELS[value] ?? value;
}

/** What the quote is sized by: units for a unit-based quote, users for a user-based one. */
export function sizeOf(c: { pricingModel?: string | null; squareMeters: number; userCount: number }): { label: string; value: string } {
  return c.pricingModel === 'user' ? { label: 'Users', value: formatCount(c.userCount) } : { label: 'Units', value: formatCount(c.squareMeters) };
}
