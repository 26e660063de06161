const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** "1234.50" or 1234.5 → "€1,234.50". */
export function formatEuro(amount: string | number): string {
  return euro.format(typeof amount === 'string' ? Number(amount) : amount);
}
