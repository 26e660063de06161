// The client's formatters: one for money, one for admin dates (Europe/Amsterdam), one for customer dates (the
// browser's time zone). Every amount on every screen goes through formatEuro.
const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** "1234.50", 1234.5 or 123450 cents (with `{ cents: true }`) → "€1,234.50". */
export function formatEuro(amount: string | number, options?: { cents?: boolean }): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  return euro.format(options?.cents ? n / 100 : n);
}

/** A per-unit price with up to 4 decimals (tier prices such as €2.4375). */
const unitEuro = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
export function formatUnitPrice(euroAmount: number): string {
  return unitEuro.format(euroAmount);
}

const count = new Intl.NumberFormat('en-IE', { maximumFractionDigits: 0 });

/** A quantity as every screen spells it: 1200 → "1,200". */
export function formatCount(n: number): string {
  return count.format(n);
}

const adminDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  dateStyle: 'medium',
  timeStyle: 'short',
});
const adminDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', dateStyle: 'medium' });

/** Admin screens: dates and times in Europe/Amsterdam (seed 001 §1). */
export function formatAdminDateTime(iso: string | null | undefined): string {
  return iso ? adminDateTime.format(new Date(iso)) : '';
}
export function formatAdminDate(iso: string | null | undefined): string {
  return iso ? adminDate.format(new Date(iso)) : '';
}

// The same spelling as the admin screens ("22 Nov 2026"); only the time zone differs. The browser's own locale made
// one person see "Nov 22, 2026" on their list and "22 Nov 2026" in the admin area.
const localDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Customer screens: the browser's time zone (CONTRACT §5). */
export function formatLocalDate(iso: string): string {
  return localDate.format(new Date(iso));
}
