// The owner's mail on the customer's answer: which quote and revision, when (Europe/Amsterdam, the zone named), the
// figures, and one greeting.
import { describe, expect, it } from 'vitest';
import { quoteAnswerMail } from './quote-answer';

const answer = {
  ownerName: 'Sam Sales',
  number: 'Q-000001',
  title: 'Advanced for Acme',
  revision: 2,
  totalMonthly: '4082.02',
  tcv: '99117.98',
  customer: 'Jane Customer <jane@acme.test>',
  quoteUrl: 'http://localhost:3000/calculator/1',
};

describe("the owner's mail on an answer", () => {
  it('names the moment of the answer in Europe/Amsterdam, CET in winter and CEST in summer', () => {
    const winter = quoteAnswerMail({ ...answer, answer: 'accepted', reason: null, at: '2026-11-27T02:06:00.000Z' });
    expect(winter.text).toContain(
      'Jane Customer <jane@acme.test> accepted quote Q-000001 (Advanced for Acme), revision 2, on 27 Nov 2026, 03:06 CET: €4,082.02 per month',
    );
    const summer = quoteAnswerMail({ ...answer, answer: 'declined', reason: 'Too early', at: '2026-07-01T12:00:00.000Z' });
    expect(summer.text).toContain('declined quote Q-000001 (Advanced for Acme), revision 2, on 1 Jul 2026, 14:00 CEST:');
    expect(summer.html).toContain('on 1 Jul 2026, 14:00 CEST');
    expect(summer.text.match(/^Hello /gm)).toHaveLength(1);
  });
});
