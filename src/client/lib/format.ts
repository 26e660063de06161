// The client's formatters: money, counts and moments as src/shared/format.ts spells them (the PDF and the mails too),
// and the calculator's list dates (the browser's time zone). Every amount on every screen goes through formatEuro.
import { formatAmsterdamTime, formatEuroAmount } from '../../shared/format';

export { formatAmsterdamTime, formatCount, formatUnitPrice } from '../../shared/format';

/** "1234.50", 1234.5 or 123450 cents (with `{ cents: true }`) → "€1,234.50". */
export function formatEuro(amount: string | number, options?: { cents?: boolean }): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return formatEuroAmount(options?.cents ? n / 100 : n);
}

const adminDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', dateStyle: 'medium' });

/** Admin screens and every moment of a quote's life: "27 Nov 2026, 03:06 CET" (docs/PRODUCT.md "Dates and times"). */
export function formatAdminDateTime(iso: string | null | undefined): string {
  return iso ? formatAmsterdamTime(iso) : '';
}
export function formatAdminDate(iso: string | null | undefined): string {
  return iso ? adminDate.format(new Date(iso)) : '';
}

// The same spelling as the admin screens ("22 Nov 2026"); only the time zone differs. The browser's own locale made
// one person see "Nov 22, 2026" on their list and "22 Nov 2026" in the admin area.
const localDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** The calculator's list of saved quotes: the browser's time zone (docs/PRODUCT.md "Dates and times"). */
export function formatLocalDate(iso: string): string {
  return localDate.format(new Date(iso));
}
