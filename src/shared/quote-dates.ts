// Quote validity is counted in calendar days in Europe/Amsterdam (docs/PRODUCT.md "Saved quotes"): the company's day, wherever the
// server or the browser runs. Dates are YYYY-MM-DD strings, which also compare correctly as text.

const dayInAmsterdam = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The date in Europe/Amsterdam at this instant, YYYY-MM-DD. */
export function amsterdamDate(at: Date): string {
  return dayInAmsterdam.format(at);
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A quote is expired when its validity has passed while it still awaits an answer (draft or sent). */
export function isExpired(validUntil: string, status: string, today: string): boolean {
  return validUntil < today && (status === 'draft' || status === 'sent');
}

/** 123 → "Q-000123" (more digits when the number needs them). */
export function formatQuoteNumber(n: number): string {
  return `Q-${String(n).padStart(6, '0')}`;
}

/** "Q-000123", "q123", "000123" or "123" → 123; anything else → undefined (a search for a number). */
export function parseQuoteNumber(text: string): number | undefined {
  const m = /^(?:q-?)?0*(\d{1,15})$/i.exec(text.trim());
  const n = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The first instant after the day `date` (YYYY-MM-DD) in Europe/Amsterdam: when a quote valid until then ends. */
export function endOfAmsterdamDay(date: string): Date {
  const next = addDays(date, 1);
  const midnightUtc = Date.parse(`${next}T00:00:00Z`);
  // Amsterdam is UTC+1 or UTC+2: its midnight is one of these two instants.
  for (const hours of [1, 2]) {
    const at = midnightUtc - hours * 3_600_000;
    if (amsterdamDate(new Date(at)) === next && amsterdamDate(new Date(at - 1)) === date) return new Date(at);
  }
  return new Date(midnightUtc - 3_600_000);
}
