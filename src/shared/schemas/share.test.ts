import { describe, expect, it } from 'vitest';
import { acceptanceStatement, acceptInput, quoteTitle, sendInput, shareMessages } from './share';

describe('the acceptance statement and consent', () => {
  it('names the number, the revision, the seller and the figures as the screens spell money', () => {
    const v = {
      number: 'Q-000042',
      revision: 3,
      seller: { name: 'Acme Sales' },
      totalMonthly: '1200.00',
      setupFees: '499.50',
      tcv: '43699.50',
      terms: null,
    };
    expect(acceptanceStatement(v)).toBe(
      'I accept quote Q-000042, revision 3, from Acme Sales: €1,200.00 per month, €499.50 one-time fees, €43,699.50 total contract value.',
    );
  });

  it('says the customer accepts the seller’s terms when there are any', () => {
    const v = {
      number: 'Q-000042',
      revision: 3,
      seller: { name: 'Acme Sales' },
      totalMonthly: '1200.00',
      setupFees: '0.00',
      tcv: '14400.00',
      terms: 'Payment within 30 days.',
    };
    expect(acceptanceStatement(v)).toBe(
      "I accept quote Q-000042, revision 3, from Acme Sales: €1,200.00 per month, €0.00 one-time fees, €14,400.00 total contract value, under Acme Sales's terms shown with it.",
    );
  });

  it('names a quote by package and customer, never by its internal name', () => {
    expect(quoteTitle('Advanced', { company: 'Contoso Ltd', name: 'Ada' })).toBe('Advanced for Contoso Ltd');
    expect(quoteTitle('Advanced', { company: null, name: 'Ada Lovelace' })).toBe('Advanced for Ada Lovelace');
    expect(quoteTitle('Entry', { company: null, name: null })).toBe('Entry');
  });

  it('send: cc as a list or one comma-separated string; every address checked', () => {
    expect(sendInput.parse({ id: 1, cc: 'a@x.test, b@y.test' }).cc).toEqual(['a@x.test', 'b@y.test']);
    expect(sendInput.parse({ id: 1, cc: ['a@x.test'] }).cc).toEqual(['a@x.test']);
    expect(sendInput.parse({ id: 1 })).toMatchObject({ to: null, cc: [], message: null });
    expect(sendInput.safeParse({ id: 1, cc: 'a@x.test, nope' }).error?.issues[0]?.message).toBe('Please enter a valid email address');
    expect(sendInput.safeParse({ id: 1, to: 'nope' }).error?.issues[0]?.message).toBe('Please enter a valid email address');
    expect(sendInput.safeParse({ id: 1, message: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('The message must be at most 2000 characters');
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
