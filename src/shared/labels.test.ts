import { describe, expect, it } from 'vitest';
import { optionsOf, PAYMENT_FREQUENCY_LABELS, PRICING_MODEL_LABELS, QUOTE_STATUS_LABELS } from './labels';
import { PAYMENT_FREQUENCIES, PRICING_MODELS, QUOTE_STATUS_FILTERS } from './value-sets';

describe('the one word of each value', () => {
  it('names the payment frequencies and pricing models as the summary does, in the order of their value sets', () => {
    expect(optionsOf(PAYMENT_FREQUENCIES, PAYMENT_FREQUENCY_LABELS).map((o) => o.label)).toEqual(['Monthly', 'Quarterly', 'Annual']);
    expect(optionsOf(PRICING_MODELS, PRICING_MODEL_LABELS).map((o) => o.label)).toEqual(['Unit-Based', 'User-Based']);
  });

  it('names every status a list can filter by', () => {
    expect(QUOTE_STATUS_FILTERS.map((s) => QUOTE_STATUS_LABELS[s])).toEqual(['Draft', 'Sent', 'Accepted', 'Declined', 'Expired']);
  });
});
