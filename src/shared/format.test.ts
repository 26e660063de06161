import { describe, expect, it } from 'vitest';
import { formatCount, formatEuroAmount, formatUnitPrice } from './format';

describe('how numbers read on the screens and in the PDF', () => {
  it('euro to the cent, a negative with its sign first, and no "-€0.00"', () => {
    expect(formatEuroAmount(1234.5)).toBe('€1,234.50');
    expect(formatEuroAmount(-12)).toBe('-€12.00');
    expect(formatEuroAmount(-0)).toBe('€0.00');
  });

  it('unit prices with 2 to 4 decimals, counts with thousands separators', () => {
    expect(formatUnitPrice(2.4375)).toBe('€2.4375');
    expect(formatUnitPrice(10)).toBe('€10.00');
    expect(formatCount(1200)).toBe('1,200');
    expect(formatCount(10_000_000)).toBe('10,000,000');
  });
});
