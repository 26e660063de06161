// Quote forms for POST /api/quote and quote.calculate, priced against the demo catalogue
// (src/server/seed/demo-data.ts): packages 1 Entry, 2 Advanced, 3 Ultimate; add-on 3 = Single Sign-On (setup 250,
// monthly 49), 4 = Audit Log (Ultimate only), 8 = Premium Support (setup 500, monthly 199); discounts 1 = 2-Year 5 %
// (contract >= 24), 2 = 3-year 10 %, 3 = large floor 15 % per unit, 4 = Enterprise Users 10 % per user (users >= 200,
// user model), 5 = Welcome Credit €50 (package in Advanced, Ultimate), 6 = Annual Prepay Bonus 1 free month
// (annually), 7 = Multi-Site Setup 50 % (locations >= 3).
import { demoAddOns } from '../../src/server/seed/demo-data';

/**
 * The typical full form: Advanced by area, add-ons (one setup fee waived), one-time and recurring custom items, four
 * discounts, 24 months, annually. tests/integration/quote-api.test.ts prices it to the cent.
 */
export const advancedQuote = {
  packageId: 2,
  pricingModel: 'sqm',
  squareMeters: 1200,
  locations: 2,
  addOns: [
    { id: 3, waiveSetupFee: true },
    { id: 8, waiveSetupFee: false },
  ],
  customItems: [
    { id: 'a', name: 'Extra training', isOneTime: false, price: 45.5 },
    { id: 'b', name: 'Onboarding workshop', isOneTime: true, price: 800 },
  ],
  selectedDiscountIds: [1, 5, 6, 7],
  contractDuration: 24,
  paymentFrequency: 'annually',
};

/** Entry by users: 250 users with the per-user discount, 12 months, monthly. */
export const entryByUsersQuote = {
  packageId: 1,
  pricingModel: 'user',
  userCount: 250,
  selectedDiscountIds: [4],
  contractDuration: 12,
  paymentFrequency: 'monthly',
};

/**
 * The largest quote the caps allow: 200 custom items with the longest names and descriptions, every add-on. For the
 * PDF render pool's limits (tests/integration/hardening-pdf-pool.test.ts, scripts/load-hardening.ts).
 */
export const largestQuote = {
  packageId: 3,
  pricingModel: 'sqm',
  squareMeters: 5000,
  locations: 12,
  addOns: demoAddOns.map((_, i) => ({ id: i + 1, waiveSetupFee: false })),
  customItems: Array.from({ length: 200 }, (_, i) => ({
    id: `item-${i}`,
    name: `Custom item ${i} `.padEnd(200, 'n'),
    description: `Described at length ${i} `.padEnd(1000, 'd word '),
    isOneTime: i % 2 === 0,
    price: 100 + i,
  })),
  contractDuration: 36,
  paymentFrequency: 'monthly',
};

/** The smallest save body: Advanced at 120 units, named "Test quote", with `extra` over it. */
export const smallSaveBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Test quote',
  packageId: advancedQuote.packageId,
  squareMeters: 120,
  ...extra,
});
