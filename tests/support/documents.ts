// What the reader of a quote sees, for the tests that check it to the cent: an amount as the app prints it (en-IE
// euro, a negative with the minus sign U+2212; the tests' own formatter, not the app's, so a change of the app's format
// is noticed), and the text of a PDF as poppler's pdftotext extracts it.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const EURO = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** "1234.5" → "€1,234.50"; "-339.7" → "−€339.70". */
export const euro = (amount: string | number): string => EURO.format(Number(amount)).replace(/^-/, '\u2212');

/** The text of a PDF (its bytes written to a file of its own in `dir`), laid out as on the page. */
export function pdfText(bytes: Uint8Array, dir: string): string {
  const file = path.join(dir, `${randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString('utf8');
}
