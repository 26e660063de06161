import { describe, expect, it } from 'vitest';
import { pricingModelLabel, sizeOf } from './saved-labels';

describe('saved quote details', () => {
  it('a user-based quote is sized in users, a unit-based one in units', () => {
    expect(sizeOf({ pricingModel: 'user', squareMeters: 100, userCount: 1200 })).toEqual({ label: 'Users', value: '1,200' });
    expect(sizeOf({ pricingModel: 'sqm', squareMeters: 2500, userCount: 10 })).toEqual({ label: 'Units', value: '2,500' });
  });
  it('names the pricing model as the calculator does', () => {
    expect([pricingModelLabel('sqm'), pricingModelLabel('user')]).toEqual(['Unit-Based', 'User-Based']);
  });
});
