import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { parseTypedMoney, parseTypedWhole, readMoney, readWhole, typedDecimal } from './typed-numbers';

describe('parseTypedWhole', () => {
  it('reads digits, with spaces around them', () => {
    expect(parseTypedWhole('120')).toBe(120);
    expect(parseTypedWhole(' 42 ')).toBe(42);
    expect(parseTypedWhole('0')).toBe(0);
    expect(parseTypedWhole('007')).toBe(7);
  });

  it('refuses what is not a whole number as typed, instead of reading another number into it', () => {
    for (const bad of ['', ' ', '12.5', '12,5', '-5', '+5', '1e3', '12a', '1,000', '1 000', '0x10', '١٢', '9007199254740993']) {
      expect(parseTypedWhole(bad), bad).toBe(null);
    }
  });

  it('reads back every whole number it is given as digits, and nothing with another character in it', () => {
    fc.assert(fc.property(fc.nat(), (n) => parseTypedWhole(String(n)) === n));
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom('.', ',', '-', 'e', 'a', '+'), fc.nat({ max: 6 }), (n, c, at) => {
        const s = String(n);
        const i = Math.min(at, s.length);
        return parseTypedWhole(s.slice(0, i) + c + s.slice(i)) === null;
      }),
    );
  });
});

describe('typedDecimal and parseTypedMoney: a decimal point or a decimal comma', () => {
  it('reads "12,50" and "12.50" alike, and thousands grouped with the other sign', () => {
    expect(parseTypedMoney('12,50')).toBe(1250);
    expect(parseTypedMoney('12.50')).toBe(1250);
    expect(parseTypedMoney('12,5')).toBe(1250);
    expect(parseTypedMoney('1.234,50')).toBe(123450);
    expect(parseTypedMoney('1,234.50')).toBe(123450);
    expect(parseTypedMoney('12,345,678.9')).toBe(1234567890);
    expect(parseTypedMoney('1.234.567')).toBe(123456700);
    expect(parseTypedMoney('0,125')).toBe(13);
    expect(parseTypedMoney(' 7 ')).toBe(700);
    expect(parseTypedMoney('.5')).toBe(50);
    expect(parseTypedMoney('5.')).toBe(500);
    expect(parseTypedMoney('-5')).toBe(-500);
    expect(typedDecimal('1.234,50')).toBe('1234.50');
  });

  it('refuses what it would have to guess at, and anything that is not a number', () => {
    for (const bad of [
      '',
      '.',
      ',',
      '-',
      '1,234',
      '1.500',
      '12a',
      '1e3',
      '€12',
      '12 50',
      '1,2,3',
      '12.34,5',
      '1.2.3',
      '1,234,5',
      '12,50.5,1',
      '--5',
      'NaN',
      'Infinity',
    ]) {
      expect(typedDecimal(bad), bad).toBe(null);
    }
  });

  it('reads every amount written with two decimals, with a point or a comma, grouped or not, as those cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.boolean(), fc.boolean(), (cents, comma, grouped) => {
        const [euros, rest] = formatMoney(cents).split('.') as [string, string];
        const group = comma ? '.' : ',';
        const whole = grouped ? euros.replace(/\B(?=(\d{3})+(?!\d))/g, group) : euros;
        return parseTypedMoney(`${whole}${comma ? ',' : '.'}${rest}`) === cents;
      }),
    );
  });
});

describe('readMoney and readWhole: what a request carries', () => {
  it('reads JSON numbers as before and strings as typed', () => {
    expect(readMoney(12.5)).toBe(1250);
    expect(readMoney(1.005)).toBe(101);
    expect(readMoney('12,50')).toBe(1250);
    expect(readMoney('1e3')).toBe(null);
    expect(readMoney(null)).toBe(null);
    expect(readWhole(24)).toBe(24);
    expect(readWhole(' 24 ')).toBe(24);
    expect(readWhole(2.5)).toBe(null);
    expect(readWhole('1e3')).toBe(null);
    expect(readWhole(true)).toBe(null);
  });
});
