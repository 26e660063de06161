import { describe, expect, it } from 'vitest';
import { formatAmsterdamTime, formatCount, formatEuroAmount, formatUnitPrice } from './format';

describe('how numbers read on the screens and in the PDF', () => {
  it('euro to the cent, a negative with the minus sign (U+2212) first, and no "−€0.00"', () => {
    expect(formatEuroAmount(1234.5)).toBe('€1,234.50');
    expect(formatEuroAmount(-339.7)).toBe('\u2212€339.70');
    expect(formatEuroAmount(-1149.5)).toBe('−€1,149.50');
    expect(formatEuroAmount(-0)).toBe('€0.00');
    expect(formatUnitPrice(-2.4375)).toBe('−€2.4375');
  });

  it('unit prices with 2 to 4 decimals, counts with thousands separators', () => {
    expect(formatUnitPrice(2.4375)).toBe('€2.4375');
    expect(formatUnitPrice(10)).toBe('€10.00');
    expect(formatCount(1200)).toBe('1,200');
    expect(formatCount(10_000_000)).toBe('10,000,000');
  });
});

describe('how the moments of a quote read', () => {
  it('in Europe/Amsterdam with the zone named, winter CET and summer CEST, whatever zone the process runs in', () => {
    expect(formatAmsterdamTime('2026-11-27T02:06:00Z')).toBe('27 Nov 2026, 03:06 CET');
    expect(formatAmsterdamTime(new Date('2026-07-01T12:00:00Z'))).toBe('1 Jul 2026, 14:00 CEST');
    expect(formatAmsterdamTime('2026-09-03T22:00:00Z')).toBe('4 Sep 2026, 00:00 CEST');
  });

  it('changes zone at the very minute the clocks do', () => {
    expect(formatAmsterdamTime('2026-03-29T00:59:00Z')).toBe('29 Mar 2026, 01:59 CET');
    expect(formatAmsterdamTime('2026-03-29T01:00:00Z')).toBe('29 Mar 2026, 03:00 CEST');
    expect(formatAmsterdamTime('2026-10-25T00:59:00Z')).toBe('25 Oct 2026, 02:59 CEST');
    expect(formatAmsterdamTime('2026-10-25T01:00:00Z')).toBe('25 Oct 2026, 02:00 CET');
  });
});
