// DejaVu Sans from the `dejavu-fonts-ttf` package: it covers Latin, Greek and Cyrillic, so every European name
// prints (ä, é, ł, ő, ş, Ж). Read once, when the module loads; pdfkit embeds only the glyphs a document uses.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface DocumentFonts {
  regular: Buffer;
  bold: Buffer;
}


function fontDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

function readFonts(): DocumentFonts {
  const dir = fontDir();
  return {
    regular: fs.readFileSync(path.join(dir, 'DejaVuSans.ttf')),
    bold: fs.readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')),
  };
}

/** Read when the server loads this module (a missing font fails the start, not a customer's download). */
const fonts = readFonts();

/** The font files, kept for the life of the process. */
export function documentFonts(): DocumentFonts {
  return fonts;
}
