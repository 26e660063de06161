/** A small hand-made catalogue for the pricing tests (money in cents, discount values ×100). */
import type { PricingCatalog, QuoteFormInput } from './types';

export const catalog: PricingCatalog = {
  packages: [
    {
      id: 1,
      name: 'Entry',
      basePrice: 9900, // €99
      setupFee: 50000, // €500
      extraLocationPrice: 2500, // €25
      // deliberately unsorted
      priceTiers: [
        { min: 501, max: 1000, price: 200 },
        { min: 1, max: 500, price: 250 },
        { min: 1001, max: null, price: 150 },
      ],
      userPriceTiers: [
        { min: 1, max: 10, price: 1500 },
        { min: 11, max: 50, price: 1200 },
        { min: 51, max: null, price: 900 },
      ],
    },
    {
      id: 2,
      name: 'Advanced',
      basePrice: 19900,
      setupFee: 100000,
      extraLocationPrice: 5000,
      // a gap 201..299, nothing below 100, nothing above 400
      priceTiers: [
        { min: 300, max: 400, price: 275 },
        { min: 100, max: 200, price: 300 },
      ],
      userPriceTiers: [], // no tiers -> €10.00 per user
    },
    {
      id: 3,
      name: 'Ultimate',
      basePrice: 49900,
      setupFee: 0,
      extraLocationPrice: 0,
      priceTiers: [{ min: 0, max: null, price: 0 }], // invalid price -> €2.50
      userPriceTiers: [{ min: 0, max: null, price: Number.NaN }], // invalid price -> €10.00
    },
    {
      id: 4,
      name: 'Tiny',
      basePrice: 1000,
      setupFee: 1000,
      extraLocationPrice: 333,
      priceTiers: [{ min: 0, max: null, price: 1 }], // €0.01 per unit
      userPriceTiers: [{ min: 0, max: null, price: 1 }],
    },
  ],
  addOns: [
    { id: 10, name: 'Visitor Management', categoryId: 1, unit: 'quote', monthlyFee: 2900, setupFee: 9900, availableForPackages: [1, 2, 3] },
    { id: 11, name: 'Room Booking', categoryId: 1, unit: 'quote', monthlyFee: 4900, setupFee: 0, availableForPackages: [1, 2, 3] },
    { id: 12, name: 'Analytics', categoryId: 2, unit: 'quote', monthlyFee: 9900, setupFee: 25000, availableForPackages: [2, 3] },
    { id: 13, name: 'Kiosk', categoryId: null, unit: 'quote', monthlyFee: 1, setupFee: 1, availableForPackages: [4] },
    { id: 14, name: 'Room Display Panels', categoryId: null, unit: 'location', monthlyFee: 1500, setupFee: 5000, availableForPackages: [1, 2, 3] },
    { id: 15, name: 'Desk Sensor', categoryId: null, unit: 'item', monthlyFee: 250, setupFee: 1200, availableForPackages: [1, 2, 3] },
  ],
  discounts: [
    { id: 1, name: '10% off', type: 'percentage', value: 1000, conditions: [] },
    { id: 2, name: '5% off', type: 'percentage', value: 500, conditions: [] },
    { id: 3, name: '€25.50 off', type: 'fixed', value: 2550, conditions: [] },
    { id: 4, name: 'Units 20%', type: 'sqm_percentage', value: 2000, conditions: [] },
    { id: 5, name: 'Users 15%', type: 'user_percentage', value: 1500, conditions: [] },
    { id: 6, name: '2 free months', type: 'free_months', value: 200, conditions: [] },
    { id: 7, name: 'Setup 50%', type: 'setup_fee_discount', value: 5000, conditions: [] },
    {
      id: 8,
      name: '2-Year Contract Discount',
      type: 'percentage',
      value: 1000,
      conditions: [{ type: 'contractDuration', operator: '>=', value: 24 }],
    },
    { id: 9, name: 'Big sites', type: 'percentage', value: 500, conditions: [{ type: 'squareMeters', operator: '>', value: '500' }] },
    { id: 10, name: 'Small teams', type: 'percentage', value: 500, conditions: [{ type: 'userCount', operator: '<=', value: 10 }] },
    { id: 11, name: 'Multi-site', type: 'percentage', value: 500, conditions: [{ type: 'locations', operator: '>=', value: 3 }] },
    { id: 12, name: 'Entry or Advanced', type: 'percentage', value: 500, conditions: [{ type: 'package', operator: 'in', value: [1, '2'] }] },
    { id: 13, name: 'Entry only', type: 'percentage', value: 500, conditions: [{ type: 'package', operator: '=', value: '1' }] },
    { id: 14, name: 'Annual payers', type: 'percentage', value: 500, conditions: [{ type: 'paymentFrequency', operator: '=', value: 'annual' }] },
    { id: 15, name: 'Monthly payers', type: 'fixed', value: 1000, conditions: [{ type: 'paymentFrequency', operator: '=', value: 'monthly' }] },
    { id: 16, name: 'User model', type: 'fixed', value: 500, conditions: [{ type: 'pricingModel', operator: '=', value: 'user' }] },
    { id: 17, name: 'Bad operator', type: 'percentage', value: 500, conditions: [{ type: 'squareMeters', operator: 'in', value: [100, 200] }] },
    { id: 18, name: 'Unknown condition', type: 'percentage', value: 500, conditions: [{ type: 'region', operator: '=', value: 'EU' }] },
    { id: 19, name: '150%', type: 'percentage', value: 15000, conditions: [] },
    { id: 20, name: 'Huge fixed', type: 'fixed', value: 10000000, conditions: [] },
    { id: 21, name: '1.5 free months', type: 'free_months', value: 150, conditions: [] },
    { id: 22, name: 'Zero', type: 'percentage', value: 0, conditions: [] },
    { id: 23, name: 'Half percent', type: 'percentage', value: 50, conditions: [] },
    { id: 24, name: 'Short contracts', type: 'percentage', value: 500, conditions: [{ type: 'contractDuration', operator: '<', value: 24 }] },
    { id: 25, name: 'Exactly 36', type: 'fixed', value: 100, conditions: [{ type: 'contractDuration', operator: '=', value: '36' }] },
    { id: 26, name: 'Setup 150%', type: 'setup_fee_discount', value: 15000, conditions: [] },
    { id: 27, name: 'Tiny unit', type: 'sqm_percentage', value: 50, conditions: [] },
    { id: 28, name: 'Frequency >', type: 'fixed', value: 100, conditions: [{ type: 'paymentFrequency', operator: 'in', value: ['monthly'] }] },
    {
      id: 29,
      name: 'Many conditions',
      type: 'fixed',
      value: 700,
      conditions: [
        { type: 'package', operator: '=', value: [1, 3] },
        { type: 'squareMeters', operator: '>=', value: 100 },
        { type: 'locations', operator: '<', value: '3' },
        { type: 'contractDuration', operator: '<=', value: 36 },
        { type: 'pricingModel', operator: '=', value: 'sqm' },
      ],
    },
    { id: 30, name: 'Discount type unknown', type: 'bogus', value: 1000, conditions: [] },
  ],
};

export const baseForm: QuoteFormInput = {
  packageId: 1,
  pricingModel: 'sqm',
  squareMeters: 100,
  userCount: 0,
  locations: 1,
  addOns: [],
  customItems: [],
  selectedDiscountIds: [],
  contractDuration: 12,
  paymentFrequency: 'monthly',
};
