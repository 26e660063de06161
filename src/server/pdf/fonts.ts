// DejaVu Sans from the `dejavu-fonts-ttf` package: it covers Latin, Greek and Cyrillic, so every European name
// prints (ä, é, ł, ő, ş, Ж). The files are read and parsed once, when the module loads; pdfkit embeds only the glyphs
// a document uses.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/** What pdfkit's font() and registerFont() take: the file's bytes, or (faster) a font pdfkit has already parsed. */
export type DocumentFontSource = PDFKit.Mixins.PDFFontSource;

export interface DocumentFonts {
  regular: DocumentFontSource;
  bold: DocumentFontSource;
}

function fontDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/**
 * Parsing a 700 KB TrueType file costs far more than laying out a quote, so each file is parsed once and the parsed
 * font is handed to every document (pdfkit accepts a parsed fontkit font wherever it takes a file; each document
 * still builds its own subset). pdfkit does not export fontkit, so the parsed font is taken from a document that
 * opened the bytes; should a pdfkit version not keep it there, the bytes are used (slower, same output).
 */
function parsed(bytes: Buffer): DocumentFontSource {
  try {
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.font(bytes);
    const font = (doc as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
    if (font && typeof font.layout === 'function') {
      // Reads the tables a layout needs (character map, kerning, ligatures) now rather than in the first download.
      (font.layout as (text: string) => unknown).call(font, 'Quotation €1,234.50 ÄéłőşЖ fi');
      return font as unknown as DocumentFontSource;
    }
  } catch {
    /* fall back to the bytes */
  }
  return bytes;
}

function loadFonts(): DocumentFonts {
  const dir = fontDir();
  return {
    regular: parsed(fs.readFileSync(path.join(dir, 'DejaVuSans.ttf'))),
    bold: parsed(fs.readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf'))),
  };
}

/** Read when the server loads this module (a missing font fails the start, not a customer's download). */
const fonts = loadFonts();

/** The fonts, kept for the life of the process. */
export function documentFonts(): DocumentFonts {
  return fonts;
}
