import { describe, expect, it } from 'vitest';
import { acceptanceStatement, acceptInput, shareMessages } from './share';

describe('the acceptance statement and consent', () => {
  it('names the number, the revision, the seller and the figures as the screens spell money', () => {
    const text = acceptanceStatement({ number: 'Q-000042', revision: 3, seller: 'Acme Sales', totalMonthly: '1200.00', setupFees: '499.50', tcv: '43699.50' });
    expect(text).toBe('I accept quote Q-000042, revision 3, from Acme Sales: €1,200.00 per month, €499.50 one-time fees, €43,699.50 total contract value.');
  });

  it('an acceptance without consent: true is refused with its message', () => {
    const base = { token: 't', name: 'Ada', email: 'ada@acme.test' };
    for (const consent of [undefined, false, 'true', 1]) {
      const r = acceptInput.safeParse({ ...base, consent });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(shareMessages.consent);
    }
    expect(acceptInput.safeParse({ ...base, consent: true }).success).toBe(true);
  });
});
