// Numbers as people type them (docs/PRODUCT.md "Numbers as typed"): one reading of a typed whole number and one of a
// typed decimal, used by every number field of the screens and by the server's schemas wherever a number arrives as
// text, so both refuse the same inputs. A reading never turns what was typed into another number: text that is not
// plainly one number is refused (null), never repaired.
import { parseMoney, parseScaled, type Cents } from './money';

const DIGITS_RE = /^\d+$/;

/** A whole number typed as digits (" 42 " is 42); null for "", "12.5", "-5", "1e3", "12a", "1,000". */
export function parseTypedWhole(text: string): number | null {
  const t = text.trim();
  if (!DIGITS_RE.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

const DECIMAL_TEXT_RE = /^([+-]?)([\d.,]+)$/;
const THOUSANDS_RE = { '.': /^\d{1,3}(?:\.\d{3})+$/, ',': /^\d{1,3}(?:,\d{3})+$/ } as const;
/** "1,234" or "1.234": a thousand and more, or one and a bit; which one the text does not say. */
const AMBIGUOUS_INT_RE = /^[1-9]\d{0,2}$/;

/**
 * A decimal typed with a point or a comma, as a plain decimal string ("12,50" → "12.50", "1.234,50" → "1234.50");
 * null when it is not one. The grouping rule (docs/PRODUCT.md "Numbers as typed"):
 * - one sign once: the decimal separator ("12,5", "12.50", "0,125") — except a sign with 1–3 digits (not 0) before it and
 *   exactly three after ("1,234", "1.500"), which may as well group thousands: refused rather than guessed;
 * - both signs: the last one is the decimal separator and the other groups thousands, in threes ("1.234,50",
 *   "1,234.50", "12,345,678.9");
 * - one sign several times: thousands, in threes ("1.234.567").
 * A leading sign is kept (the field's own rule refuses a negative price); no exponents, spaces inside or currency signs.
 */
export function typedDecimal(text: string): string | null {
  const m = DECIMAL_TEXT_RE.exec(text.trim());
  if (!m) return null;
  const sign = m[1] === '-' ? '-' : '';
  const body = m[2]!;
  const dot = body.lastIndexOf('.');
  const comma = body.lastIndexOf(',');
  let whole = body;
  let fraction = '';
  let grouping: '.' | ',' | null = null;
  if (dot !== -1 && comma !== -1) {
    const decimal = dot > comma ? '.' : ',';
    const at = Math.max(dot, comma);
    whole = body.slice(0, at);
    fraction = body.slice(at + 1);
    if (whole.includes(decimal)) return null;
    grouping = decimal === '.' ? ',' : '.';
  } else if (dot !== -1 || comma !== -1) {
    const sep = dot !== -1 ? '.' : ',';
    const at = body.indexOf(sep);
    if (at !== body.lastIndexOf(sep)) grouping = sep;
    else {
      whole = body.slice(0, at);
      fraction = body.slice(at + 1);
      if (fraction.length === 3 && AMBIGUOUS_INT_RE.test(whole)) return null;
    }
  }
  if (grouping !== null) {
    if (!THOUSANDS_RE[grouping].test(whole)) return null;
    whole = whole.split(grouping).join('');
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === '' && fraction === '')) return null;
  return `${sign}${whole === '' ? '0' : whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** A typed money amount in cents, rounded half away from zero at the cent; null when {@link typedDecimal} refuses it. */
export function parseTypedMoney(text: string): Cents | null {
  const d = typedDecimal(text);
  return d === null ? null : parseScaled(d, 2);
}

/**
 * Money as a request carries it: a JSON number as before (parseMoney), a string as typed (parseTypedMoney), so an
 * admin form that sends "12,50" means €12.50 on the server as on the screen.
 */
export function readMoney(raw: unknown): Cents | null {
  if (typeof raw === 'string') return parseTypedMoney(raw);
  return typeof raw === 'number' ? parseMoney(raw) : null;
}

/** A whole number as a request carries it: a JSON integer, or a string of digits (parseTypedWhole). */
export function readWhole(raw: unknown): number | null {
  if (typeof raw === 'string') return parseTypedWhole(raw);
  return typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : null;
}
