import { describe, expect, it } from 'vitest';
import { changedTotals, formatValidUntil, shownStatus, statusActions } from './quote-status';

describe('quote status on screen', () => {
  it('shows an expired draft or sent quote as Expired', () => {
    expect(shownStatus({ status: 'sent', expired: true })).toBe('expired');
    expect(shownStatus({ status: 'accepted', expired: false })).toBe('accepted');
  });
  it('offers only the moves the server allows', () => {
    expect(statusActions('draft').map((a) => a.to)).toEqual(['sent']);
    expect(statusActions('sent').map((a) => a.to)).toEqual(['accepted', 'declined', 'draft']);
    expect(statusActions('declined').map((a) => a.to)).toEqual(['draft']);
    expect(statusActions('accepted')).toEqual([]);
  });
  it('names the totals a copy changed', () => {
    const euro = (a: string) => `€${a}`;
    expect(
      changedTotals({ totalMonthly: '1.00', setupFees: '2.00', tcv: '3.00' }, { totalMonthly: '1.50', setupFees: '2.00', tcv: '3.50' }, euro),
    ).toEqual(['Monthly total: €1.00 → €1.50', 'Contract value: €3.00 → €3.50']);
  });
  it('writes a validity day without moving it across time zones', () => {
    expect(formatValidUntil('2026-03-31')).toBe('31 Mar 2026');
  });
});
