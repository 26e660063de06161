// The client's formatters: money and counts as src/shared/format.ts spells them (the PDF too), admin dates
// (Europe/Amsterdam) and customer dates (the browser's time zone). Every amount on every screen goes through formatEuro.
import { formatEuroAmount } from '../../shared/format';

export { formatCount, formatUnitPrice } from '../../shared/format';

/** "1234.50", 1234.5 or 123450 cents (with `{ cents: true }`) → "€1,234.50". */
export function formatEuro(amount: string | number, options?: { cents?: boolean }): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return formatEuroAmount(options?.cents ? n / 100 : n);
}

const adminDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  dateStyle: 'medium',
  timeStyle: 'short',
});
const adminDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', dateStyle: 'medium' });

/** Admin screens: dates and times in Europe/Amsterdam (docs/PRODUCT.md "The admin area"). */
export function formatAdminDateTime(iso: string | null | undefined): string {
  return iso ? adminDateTime.format(new Date(iso)) : '';
}
export function formatAdminDate(iso: string | null | undefined): string {
  return iso ? adminDate.format(new Date(iso)) : '';
}

const shortDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** "26 Nov 14:02" (Europe/Amsterdam): a recent moment in a line that has little room, such as a list row. */
export function formatShortDateTime(iso: string): string {
  return shortDateTime.format(new Date(iso)).replace(',', '');
}

// The same spelling as the admin screens ("22 Nov 2026"); only the time zone differs. The browser's own locale made
// one person see "Nov 22, 2026" on their list and "22 Nov 2026" in the admin area.
const localDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Customer screens: the browser's time zone (docs/PRODUCT.md "Running it"). */
export function formatLocalDate(iso: string): string {
  return localDate.format(new Date(iso));
}
const localDateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
/** Customer screens: "26 Nov 2026, 14:02" in the browser's time zone. */
export function formatLocalDateTime(iso: string): string {
  return localDateTime.format(new Date(iso));
}
