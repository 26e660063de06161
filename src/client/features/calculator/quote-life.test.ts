import { describe, expect, it } from 'vitest';
import { driftOf, figuresShown, isReadOnly, quoteFieldsError, sentQuoteNotice, quoteFieldsForCreate, type LoadedQuote } from './quote-life';

const quote = (over: Partial<LoadedQuote> = {}) =>
  ({
    id: 7,
    status: 'draft',
    totalMonthly: '191851.98',
    catalogDrift: { totalMonthly: '192307.98', setupFees: '0.00', tcv: '1.00' },
    ...over,
  }) as LoadedQuote;

describe('the loaded quote in the calculator', () => {
  it('shows the stored figures until an input changes, then today’s', () => {
    expect(figuresShown(quote(), 7, { id: 7, key: 'a' }, 'a')).toBe('stored');
    expect(figuresShown(quote(), 7, { id: 7, key: 'a' }, 'b')).toBe('live');
    expect(figuresShown(quote(), 8, { id: 7, key: 'a' }, 'a')).toBe('live');
    expect(figuresShown(undefined, null, null, 'a')).toBe('live');
  });
  it('announces drift as old → new monthly total only over the stored figures', () => {
    expect(driftOf(quote(), 'stored')).toEqual({ from: '191851.98', to: '192307.98' });
    expect(driftOf(quote(), 'live')).toBeNull();
    expect(driftOf(quote({ catalogDrift: null }), 'stored')).toBeNull();
  });
  it('opens an accepted quote read-only', () => {
    expect(isReadOnly(quote({ status: 'accepted' }), 7)).toBe(true);
    expect(isReadOnly(quote({ status: 'sent' }), 7)).toBe(false);
  });
  it('checks the customer email and the validity as the server does', () => {
    const v = { customerCompany: '', customerName: '', customerEmail: 'nope', validUntil: '' };
    expect(quoteFieldsError(v, '2026-03-01')).toBe('Please enter a valid email address');
    expect(quoteFieldsError({ ...v, customerEmail: '', validUntil: '2026-02-28' }, '2026-03-01')).toBe('Valid until cannot be before today');
    expect(quoteFieldsError({ ...v, customerEmail: 'a@b.co', validUntil: '2026-03-01' }, '2026-03-01')).toBeNull();
    expect(quoteFieldsError({ ...v, customerEmail: '', validUntil: '2027-03-01' }, '2026-03-01')).toBeNull();
    expect(quoteFieldsError({ ...v, customerEmail: '', validUntil: '2027-03-02' }, '2026-03-01')).toBe(
      'Valid until can be at most 365 days from today',
    );
    expect(quoteFieldsForCreate({ ...v, customerEmail: ' a@b.co ', customerCompany: ' ' })).toEqual({ customerEmail: 'a@b.co' });
  });
});

describe('a sent quote says what a change will do', () => {
  it('before and after an input changes; nothing for other statuses', () => {
    expect(sentQuoteNotice({ status: 'sent', number: 'Q-000002' }, 'stored')).toBe(
      'Q-000002 was sent to the customer. Changing its prices or options and saving makes it a draft again; share it again to send the new revision.',
    );
    expect(sentQuoteNotice({ status: 'sent', number: 'Q-000002' }, 'live')).toMatch(/^Saving these changes makes Q-000002 a draft again/);
    expect(sentQuoteNotice({ status: 'draft', number: 'Q-000002' }, 'live')).toBeNull();
  });
});
