import { describe, expect, it } from 'vitest';
import { canSendAccept, customerQuoteReducer, initialState } from './customer-quote-state';

describe('the customer page state', () => {
  it('accept needs a name, a valid address and the confirmation ticked', () => {
    let s = customerQuoteReducer(initialState, { type: 'open', panel: 'accept' });
    s = customerQuoteReducer(s, { type: 'field', field: 'name', value: 'Ada Lovelace' });
    s = customerQuoteReducer(s, { type: 'field', field: 'email', value: 'ada@acme' });
    expect(canSendAccept(s)).toBe(false);
    s = customerQuoteReducer(s, { type: 'field', field: 'email', value: 'ada@acme.test' });
    expect(canSendAccept(s)).toBe(false);
    s = customerQuoteReducer(s, { type: 'confirm', value: true });
    expect(canSendAccept(s)).toBe(true);
  });

  it('switching to decline drops the confirmation; an answer closes the panel', () => {
    let s = customerQuoteReducer(initialState, { type: 'confirm', value: true });
    s = customerQuoteReducer(s, { type: 'open', panel: 'decline' });
    expect(s.confirmed).toBe(false);
    expect(customerQuoteReducer(s, { type: 'answered' }).panel).toBe('none');
  });
});
