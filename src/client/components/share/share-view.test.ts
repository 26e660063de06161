import { describe, expect, it } from 'vitest';
import { answerLine, moreActivity, timelineText } from './share-view';

const when = (iso: string) => iso.slice(0, 10);

describe('share texts', () => {
  it('the acceptance line names who, when and which revision', () => {
    const line = answerLine({ acceptance: { name: 'Ada', email: 'ada@acme.test', at: '2026-03-03T10:00:00Z', revision: 2 }, decline: null }, when);
    expect(line).toBe('Accepted by Ada (ada@acme.test) on 2026-03-03, revision 2');
    expect(answerLine({ acceptance: null, decline: { at: '2026-03-04T00:00:00Z', reason: 'Budget' } }, when)).toBe('Declined by the customer on 2026-03-04: “Budget”');
    expect(answerLine({ acceptance: null, decline: null }, when)).toBeNull();
  });

  it('timeline lines say what happened', () => {
    expect(timelineText({ action: 'status_changed', before: { status: 'draft' }, after: { status: 'sent' }, actor: 'Sam' })).toEqual({ title: 'Status changed', detail: 'draft → sent' });
    expect(timelineText({ action: 'opened', before: null, after: { revision: 1 }, actor: 'Customer' }).title).toBe('Opened by the customer');
    expect(
      timelineText({ action: 'details_edited', before: { number: 'Q-000001', name: 'Old', customerName: null }, after: { number: 'Q-000001', name: 'New', customerName: 'Ada' }, actor: 'Sam' }),
    ).toEqual({ title: 'Details edited', detail: 'name: Old → New; contact: — → Ada' });
  });

  it('a timeline offers the next page while entries are left', () => {
    expect(moreActivity(10, 1, 50)).toBe(0);
    expect(moreActivity(50, 1, 50)).toBe(0);
    expect(moreActivity(51, 1, 50)).toBe(1);
    expect(moreActivity(175, 1, 50)).toBe(50);
    expect(moreActivity(175, 3, 50)).toBe(25);
    expect(moreActivity(175, 4, 50)).toBe(0);
  });
});
