// How numbers read everywhere, on the screens and in the PDF alike: euro as en-IE spells it ("€1,234.50"), unit prices
// with 2 to 4 decimals, and counts with thousands separators. Intl only: isomorphic.

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const unitEuro = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const count = new Intl.NumberFormat('en-IE', { maximumFractionDigits: 0 });

/** Euro exact to the cent → "€1,234.50"; negative → "-€12.00"; -0 reads "€0.00". */
export function formatEuroAmount(amount: number): string {
  return euro.format(amount === 0 ? 0 : amount);
}

/** A money string as the API answers it ("1234.5", "1234.50") → "€1,234.50": the mails and the acceptance sentence. */
export function formatEuroText(amount: string): string {
  return formatEuroAmount(Number(amount));
}

/** A per-unit price with 2 to 4 decimals ("€2.4375", "€10.00"). */
export function formatUnitPrice(amount: number): string {
  return unitEuro.format(amount === 0 ? 0 : amount);
}

/** 12500 → "12,500". */
export function formatCount(n: number): string {
  return count.format(n);
}
