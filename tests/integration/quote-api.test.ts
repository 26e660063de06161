import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advancedQuote, entryByUsersQuote } from '../support/quote-forms';
import { appWithUser, USER, type TestApp, type TestClient } from '../support/test-app';

// The forms, and the demo catalogue's figures they are priced with: tests/support/quote-forms.ts.
describe('POST /api/quote and quote.calculate', () => {
  let t: TestApp;
  let user: TestClient;
  beforeAll(async () => ({ t, user } = await appWithUser()));
  afterAll(() => t.close());

  it('prices a full quote exactly to the cent', async () => {
    const res = await user.post('/api/quote', advancedQuote);
    expect(res.status).toBe(200);
    const q = res.body;
    expect(q).toMatchObject({
      packageName: 'Advanced',
      basePrice: 199,
      sqmPrice: 3600, // 1200 units × 3.00 (tier 1000–4999)
      originalPricePerSqm: 3,
      pricePerSqm: 3,
      userPrice: 0,
      additionalLocationCost: 79, // 79.00 × (2 − 1)
      totalMonthlyBasePrice: 3878, // 199 + 3600 + 79
      addOnsFees: 248, // 49 + 199
      subtotal: 4171.5, // 3878 + 248 + 45.50 recurring item
      totalDiscounts: 258.58, // 5 % of 4171.50 = 208.575 → 208.58, plus €50 fixed
      total: 3912.92, // 4171.50 − 258.58
      yearlyTotal: 46955.04, // 3912.92 × 12
      tax: 0,
      packageSetupFee: 999,
      addOnsSetupFees: 500, // SSO's 250 waived, Premium Support 500
      setupFees: 1499,
      oneTimeCosts: 2299, // 1499 + 800 one-time item; setup discount needs 3 locations
      paidMonths: 24,
      freeMonths: 1,
      contractDuration: 24,
      tcv: 96209.08, // 46955.04 × 24 / 12 + 2299 = 3912.92 × 24 + 2299
    });
    expect(q.discounts.map((d: any) => [d.name, d.type, d.amount])).toEqual([
      ['2-Year Contract Discount', 'percentage', 208.58],
      ['Welcome Credit', 'fixed', 50],
      ['Annual Prepay Bonus', 'free_months', 3912.92], // one month at the monthly total
    ]);
    expect(q.addOns).toEqual([
      { id: 3, waiveSetupFee: true, quantity: 1 },
      { id: 8, waiveSetupFee: false, quantity: 1 },
    ]);
  });

  it('prices the user model with a per-user discount and reports the effective unit price', async () => {
    const res = await user.post('/api/quote', entryByUsersQuote);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userPrice: 2500, // 250 × 10.00 (tier 200+)
      originalPricePerUser: 10,
      pricePerUser: 9, // 10.00 × (1 − 10 %)
      sqmPrice: 0,
      subtotal: 2599, // 99 + 2500
      totalDiscounts: 250,
      total: 2349,
      oneTimeCosts: 499,
      tcv: 28687, // 2349 × 12 + 499
    });
  });

  it('gives the same answer through the tRPC caller', async () => {
    const viaCaller = await t.callerAs(USER.email).quote.calculate(advancedQuote);
    const viaRest = (await user.post('/api/quote', advancedQuote)).body;
    expect(viaCaller).toEqual(viaRest);
  });

  it('answers an unknown package with 400 "Selected package not found"', async () => {
    const res = await user.post('/api/quote', { ...advancedQuote, packageId: 999 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Selected package not found', error: 'Selected package not found', code: 'BAD_REQUEST' });
    await expect(t.callerAs(USER.email).quote.calculate({ packageId: 'nope' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Selected package not found',
    });
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await t.client().post('/api/quote', advancedQuote);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });
});
