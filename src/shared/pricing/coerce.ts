/** Small coercions shared by normalisation and condition evaluation. */

const NUMERIC_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite number from a number or a numeric string ("3", " 2.5 "); otherwise null. */
export function toFiniteNumber(x: unknown): number | null {
  if (typeof x === 'number') return Number.isFinite(x) ? x : null;
  if (typeof x === 'string') {
    const s = x.trim();
    if (s === '' || !NUMERIC_RE.test(s)) return null;
    const n = Number(s);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** An integer id from a number or numeric string; fractions are not ids (null). */
export function toId(x: unknown): number | null {
  const n = toFiniteNumber(x);
  return n !== null && Number.isSafeInteger(n) ? n : null;
}

/**
 * A whole quantity: numbers and numeric strings, fractions truncated, clamped to [lo, hi];
 * anything else gives `fallback`.
 */
export function toQuantity(x: unknown, lo: number, hi: number, fallback: number): number {
  const n = toFiniteNumber(x);
  if (n === null) return fallback;
  const t = Math.trunc(n);
  if (t < lo) return lo;
  if (t > hi) return hi;
  return t === 0 ? 0 : t;
}

/** Catalogue money sanitised to whole non-negative cents (invalid or negative -> 0). */
export function catalogCents(x: number): number {
  if (typeof x !== 'number' || !(x > 0) || x === Infinity) return 0;
  return Number.isInteger(x) ? x : Math.round(x);
}
