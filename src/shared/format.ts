// How numbers and moments read everywhere, on the screens, in the PDF and in the mails alike: euro as en-IE spells it
// ("€1,234.50", a negative with the minus sign "−€12.00"), unit prices with 2 to 4 decimals, counts with thousands
// separators, and the moments of a quote's life in Europe/Amsterdam with the zone named. Intl only: isomorphic.

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const unitEuro = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const count = new Intl.NumberFormat('en-IE', { maximumFractionDigits: 0 });

const MINUS = '\u2212';
/** Intl writes a hyphen-minus; a document's negative amount has the minus sign (U+2212), as typeset figures do. */
const withMinus = (text: string) => (text.startsWith('-') ? `${MINUS}${text.slice(1)}` : text);

/** Euro exact to the cent → "€1,234.50"; negative → "−€12.00" (U+2212); -0 reads "€0.00". */
export function formatEuroAmount(amount: number): string {
  return withMinus(euro.format(amount === 0 ? 0 : amount));
}

/** A money string as the API answers it ("1234.5", "1234.50") → "€1,234.50": the mails and the acceptance sentence. */
export function formatEuroText(amount: string): string {
  return formatEuroAmount(Number(amount));
}

/** A per-unit price with 2 to 4 decimals ("€2.4375", "€10.00"). */
export function formatUnitPrice(amount: number): string {
  return withMinus(unitEuro.format(amount === 0 ? 0 : amount));
}

/** 12500 → "12,500". */
export function formatCount(n: number): string {
  return count.format(n);
}

// The zone is named from the offset rather than by Intl's `timeZoneName: 'short'`, whose text depends on the locale and
// the engine's time-zone data ("CET", "GMT+1"); the month names are fixed for the same reason (en-GB's "Sept").
const amsterdamParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A moment of a quote's life (an acceptance, a decline, a view) and every other date and time the company's screens
 * show: "27 Nov 2026, 03:06 CET", "1 Jul 2026, 14:00 CEST", in Europe/Amsterdam wherever the browser or the server runs
 * (docs/PRODUCT.md "Dates and times").
 */
export function formatAmsterdamTime(at: Date | string): string {
  const parts = amsterdamParts.formatToParts(typeof at === 'string' ? new Date(at) : at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const zone = part('timeZoneName') === 'GMT+02:00' ? 'CEST' : 'CET';
  return `${Number(part('day'))} ${MONTHS[Number(part('month')) - 1]} ${part('year')}, ${part('hour')}:${part('minute')} ${zone}`;
}
