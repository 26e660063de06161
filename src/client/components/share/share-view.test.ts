import { describe, expect, it } from 'vitest';
import { answerLine, moreActivity, timelineText, viewsLine } from './share-view';

describe('share texts', () => {
  it('the acceptance line names who, when (Europe/Amsterdam, the zone named) and which revision', () => {
    const line = answerLine({ acceptance: { name: 'Ada', email: 'ada@acme.test', at: '2026-11-27T02:06:00Z', revision: 2 }, decline: null });
    expect(line).toBe('Accepted by Ada (ada@acme.test) on 27 Nov 2026, 03:06 CET, revision 2');
    expect(answerLine({ acceptance: null, decline: { at: '2026-07-04T00:00:00Z', reason: 'Budget' } })).toBe(
      'Declined by the customer on 4 Jul 2026, 02:00 CEST: “Budget”',
    );
    expect(answerLine({ acceptance: null, decline: null })).toBeNull();
  });

  it('the views line names the last view in Europe/Amsterdam', () => {
    expect(viewsLine({ count: 0, lastAt: null })).toBe('Not viewed yet');
    expect(viewsLine({ count: 1, lastAt: '2026-07-01T12:00:00Z' })).toBe('Viewed once, 1 Jul 2026, 14:00 CEST');
    expect(viewsLine({ count: 3, lastAt: '2026-11-27T02:06:00Z' })).toBe('Viewed 3 times, last 27 Nov 2026, 03:06 CET');
  });

  it('timeline lines say what happened', () => {
    expect(timelineText({ action: 'status_changed', before: { status: 'draft' }, after: { status: 'sent' }, actor: 'Sam' })).toEqual({
      title: 'Status changed',
      detail: 'draft → sent',
    });
    expect(timelineText({ action: 'opened', before: null, after: { revision: 1 }, actor: 'Customer' }).title).toBe('Opened by the customer');
    expect(
      timelineText({
        action: 'details_edited',
        before: { number: 'Q-000001', name: 'Old', customerName: null },
        after: { number: 'Q-000001', name: 'New', customerName: 'Ada' },
        actor: 'Sam',
      }),
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
