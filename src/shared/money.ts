/**
 * Exact money helpers. Money is integer cents everywhere in the pricing engine;
 * percentages and discount values are integer hundredths (10% -> 1000).
 *
 * No Node built-ins, no DOM: this module runs in the browser and on the server.
 */

/** An amount of money in whole euro cents (an integer). */
export type Cents = number;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Rounds to an integer, halves away from zero (2.5 -> 3, -2.5 -> -3). Never returns -0. */
export function roundHalfAwayFromZero(x: number): number {
  const r = x < 0 ? -Math.round(-x) : Math.round(x);
  return r === 0 ? 0 : r;
}

function bigDivRound(n: bigint, d: bigint): number {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  if ((an % ad) * 2n >= ad) q += 1n;
  const r = Number(negative ? -q : q);
  return r === 0 ? 0 : r;
}

/**
 * Integer division rounded half away from zero, exact for integer inputs.
 * Falls back to BigInt when the numerator is beyond 2^53 (the caller should then
 * prefer {@link mulDivRound}, because such a product is already inexact as a double).
 */
export function divRound(numerator: number, denominator: number): number {
  if (denominator === 0) throw new RangeError('divRound: division by zero');
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator)) {
    return roundHalfAwayFromZero(numerator / denominator);
  }
  if (Math.abs(numerator) > MAX_SAFE || Math.abs(denominator) > MAX_SAFE) {
    return bigDivRound(BigInt(numerator), BigInt(denominator));
  }
  const rem = numerator % denominator; // exact for safe integers, sign of numerator
  let q = (numerator - rem) / denominator; // exact
  const arem = rem < 0 ? -rem : rem;
  const ad = denominator < 0 ? -denominator : denominator;
  if (arem * 2 >= ad) q += numerator < 0 !== denominator < 0 ? -1 : 1;
  return q === 0 ? 0 : q;
}

/** round(a × b / d) half away from zero, exact for integers even when a × b exceeds 2^53. */
export function mulDivRound(a: number, b: number, d: number): number {
  const p = a * b;
  if (Number.isInteger(a) && Number.isInteger(b) && Math.abs(p) > MAX_SAFE) {
    if (d === 0) throw new RangeError('mulDivRound: division by zero');
    return bigDivRound(BigInt(a) * BigInt(b), BigInt(d));
  }
  return divRound(p, d);
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Parses a decimal number given as a number or a string into an integer count of
 * 10^-scale units, rounding half away from zero on the decimal digits themselves
 * (so "1.005" with scale 2 is 101, never 100). Returns null for anything that is
 * not a finite number, and for results beyond 2^53.
 */
export function parseScaled(input: unknown, scale: number): number | null {
  let s: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    if (scale === 2) {
      // Fast path: below 1e13 distinct 2-decimal values are distinct doubles, so when input is the
      // double nearest to c/100 its shortest decimal form is c/100 and the digit-by-digit parse
      // below would give c as well.
      if (input < 1e13 && input > -1e13) {
        const c = Math.round(input * 100);
        if (c / 100 === input) return c === 0 ? 0 : c;
      }
    }
    s = String(input); // shortest round-trip decimal, e.g. 0.1 + 0.2 -> "0.30000000000000004"
  } else if (typeof input === 'string') {
    s = input.trim();
  } else if (typeof input === 'bigint') {
    s = input.toString();
  } else {
    return null;
  }
  const m = DECIMAL_RE.exec(s);
  if (!m) return null;
  const sign = m[1] === '-' ? -1 : 1;
  const intDigits = m[2] ?? '';
  const fracDigits = m[3] ?? '';
  if (intDigits.length === 0 && fracDigits.length === 0) return null;
  const exp = m[4] !== undefined ? Number(m[4]) : 0;
  if (Math.abs(exp) > 400) {
    // absurd exponents: a tiny number rounds to 0, a huge one is unrepresentable
    if (exp < 0 || /^0*$/.test(intDigits + fracDigits)) return 0;
    return null;
  }
  // digits = all significant digits, point after `pointPos` digits, then shift by exp + scale
  let digits = intDigits + fracDigits;
  let pointPos = intDigits.length + exp + scale;
  // strip leading zeros to keep lengths small
  let lead = 0;
  while (lead < digits.length - 1 && digits.charCodeAt(lead) === 48) lead++;
  if (lead > 0) {
    digits = digits.slice(lead);
    pointPos -= lead;
  }
  let whole: string;
  let roundUp = false;
  if (pointPos <= 0) {
    whole = '0';
    // first dropped digit is at index -pointPos (virtual leading zeros before it)
    roundUp = pointPos === 0 && digits.charCodeAt(0) >= 53;
  } else if (pointPos >= digits.length) {
    whole = digits + '0'.repeat(Math.min(pointPos - digits.length, 400));
  } else {
    whole = digits.slice(0, pointPos);
    roundUp = digits.charCodeAt(pointPos) >= 53; // '5'
  }
  let n = Number(whole);
  if (roundUp) n += 1;
  if (n > MAX_SAFE) return null;
  const r = sign * n;
  return r === 0 ? 0 : r;
}

/**
 * Parses money ("12.5", "12.50", " 3 ", 7, -1.25) into integer cents, rounding half away
 * from zero at the cent on the decimal digits. Null for non-numeric, empty, NaN, Infinity.
 * Negative values are returned as such (callers validate the sign).
 */
export function parseMoney(input: unknown): Cents | null {
  return parseScaled(input, 2);
}

/** 1250 -> "12.50", -5 -> "-0.05", 0 -> "0.00" (two decimals, no currency). */
export function formatMoney(cents: Cents): string {
  const c = Number.isInteger(cents) ? cents : roundHalfAwayFromZero(cents);
  const neg = c < 0;
  const a = neg ? -c : c;
  const euros = Math.floor(a / 100);
  const rest = a - euros * 100;
  return (neg ? '-' : '') + euros + '.' + (rest < 10 ? '0' : '') + rest;
}

/** 1250 -> 12.5 (the nearest double to the exact euro amount, for JSON numbers). */
export function centsToEuro(cents: Cents): number {
  const r = cents / 100;
  return r === 0 ? 0 : r;
}
