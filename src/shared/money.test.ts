import { describe, expect, it } from 'vitest';
import { centsToEuro, divRound, formatMoney, mulDivRound, parseMoney, roundHalfAwayFromZero } from './money';

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(0.5)).toBe(1);
    expect(roundHalfAwayFromZero(-0.5)).toBe(-1);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(roundHalfAwayFromZero(-2.4999)).toBe(-2);
    expect(roundHalfAwayFromZero(7)).toBe(7);
  });
  it('never yields -0', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
    expect(Object.is(roundHalfAwayFromZero(-0), 0)).toBe(true);
  });
});

describe('divRound', () => {
  it('is exact integer division rounded half away from zero', () => {
    expect(divRound(5, 2)).toBe(3); // 2.5
    expect(divRound(-5, 2)).toBe(-3); // -2.5
    expect(divRound(5, -2)).toBe(-3);
    expect(divRound(-5, -2)).toBe(3);
    expect(divRound(7, 2)).toBe(4); // 3.5
    expect(divRound(1, 3)).toBe(0);
    expect(divRound(2, 3)).toBe(1);
    expect(divRound(10, 5)).toBe(2);
    expect(divRound(0, 7)).toBe(0);
    expect(Object.is(divRound(-1, 3), 0)).toBe(true);
  });
  it('handles percentages of cents: 10.5% of 1000 cents and 0.5% of 100 cents', () => {
    expect(divRound(1000 * 1050, 10000)).toBe(105);
    expect(divRound(100 * 50, 10000)).toBe(1); // 0.5 cent -> 1 cent
    expect(divRound(100 * 49, 10000)).toBe(0); // 0.49 cent -> 0
    expect(divRound(-100 * 50, 10000)).toBe(-1);
  });
  it('uses BigInt beyond 2^53', () => {
    expect(divRound(2 ** 60, 2)).toBe(2 ** 59);
    // (2^53 + 1) * 3 does not fit a double exactly; mulDivRound keeps it exact
    expect(mulDivRound(2 ** 53 + 1, 3, 3)).toBe(2 ** 53); // nearest double to 2^53 + 1
    expect(mulDivRound(123456789012345, 10000, 10000)).toBe(123456789012345);
    expect(mulDivRound(999999999999999, 5000, 10000)).toBe(500000000000000); // 499999999999999.5 -> up
  });
  it('rejects division by zero', () => {
    expect(() => divRound(1, 0)).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it('parses numbers and numeric strings into cents', () => {
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney('12.50')).toBe(1250);
    expect(parseMoney(' 3 ')).toBe(300);
    expect(parseMoney(7)).toBe(700);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('.5')).toBe(50);
    expect(parseMoney('5.')).toBe(500);
    expect(parseMoney('+2.25')).toBe(225);
    expect(parseMoney('-1.25')).toBe(-125);
    expect(parseMoney(-0.05)).toBe(-5);
    expect(parseMoney('1e3')).toBe(100000);
    expect(parseMoney('1.5E-1')).toBe(15);
  });
  it('rounds half away from zero on the decimal digits, never through a float', () => {
    expect(parseMoney('1.005')).toBe(101); // 1.005 * 100 = 100.49999999999999 in floats
    expect(parseMoney(1.005)).toBe(101);
    expect(parseMoney('1.004999')).toBe(100);
    expect(parseMoney('-1.005')).toBe(-101);
    expect(parseMoney('0.005')).toBe(1);
    expect(parseMoney('0.0049')).toBe(0);
    expect(parseMoney('2.675')).toBe(268);
    expect(parseMoney('999999.995')).toBe(100000000);
  });
  it('handles 0.1 + 0.2 style inputs', () => {
    expect(parseMoney(0.1 + 0.2)).toBe(30); // 0.30000000000000004
    expect(parseMoney(1.1 + 2.2)).toBe(330); // 3.3000000000000003
    expect(parseMoney(0.07 * 100)).toBe(700); // 7.000000000000001
    expect(parseMoney(1e-7)).toBe(0);
    expect(parseMoney(1e21)).toBe(null); // beyond exact cents
  });
  it('never returns -0', () => {
    expect(Object.is(parseMoney('-0.001'), 0)).toBe(true);
    expect(Object.is(parseMoney('-0'), 0)).toBe(true);
  });
  it('returns null for anything that is not a finite number', () => {
    for (const bad of [
      'abc',
      '',
      '   ',
      '.',
      '-',
      '1.2.3',
      '12,50',
      '€12',
      '1e',
      'Infinity',
      'NaN',
      NaN,
      Infinity,
      -Infinity,
      null,
      undefined,
      true,
      {},
      [],
      [1],
    ]) {
      expect(parseMoney(bad)).toBe(null);
    }
  });
});

describe('formatMoney', () => {
  it('formats cents with two decimals', () => {
    expect(formatMoney(1250)).toBe('12.50');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-0)).toBe('0.00');
    expect(formatMoney(7)).toBe('0.07');
    expect(formatMoney(100)).toBe('1.00');
    expect(formatMoney(-123456)).toBe('-1234.56');
    expect(formatMoney(123456789012)).toBe('1234567890.12');
  });
  it('round-trips with parseMoney', () => {
    for (const c of [0, 1, 5, 99, 100, 1250, 999999, -1, -1250]) expect(parseMoney(formatMoney(c))).toBe(c);
  });
});

describe('centsToEuro', () => {
  it('gives the euro amount as a number', () => {
    expect(centsToEuro(1250)).toBe(12.5);
    expect(centsToEuro(30)).toBe(0.3);
    expect(centsToEuro(1)).toBe(0.01);
    expect(Object.is(centsToEuro(-0), 0)).toBe(true);
  });
});
