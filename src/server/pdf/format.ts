// The server's formatters for documents beyond numbers and moments (those are src/shared/format.ts, as on the
// screens): dates, quote numbers and safe file names.

const longDate = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Amsterdam', day: 'numeric', month: 'long', year: 'numeric' });
/** "2 January 2025", in the company's time zone (as the admin screens). */
export function formatDocumentDate(date: Date): string {
  return longDate.format(date);
}

export const DRAFT_NUMBER = 'DRAFT';

// Letters NFKD does not split into a base letter and a mark.
const ASCII_FOLD: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
};

const MAX_SLUG = 60;

/** At most MAX_SLUG characters, cut between code points: half of a surrogate pair cannot be URI-encoded. */
function trimSlug(s: string): string {
  const cut = s.length <= MAX_SLUG ? s : Array.from(s).slice(0, MAX_SLUG).join('');
  return cut.replace(/-+$/, '');
}

/** "Zażółć gęślą jaźń Sp. z o.o." → "zazolc-gesla-jazn-sp-z-o-o": ASCII letters, digits and single hyphens only. */
export function asciiSlug(name: string): string {
  const folded = name
    .replace(/[łŁøØđĐðÐþÞßæÆœŒıħĦ]/g, (ch) => ASCII_FOLD[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return trimSlug(
    folded
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+/, ''),
  );
}

/** The same, keeping letters of any script: for the RFC 5987 `filename*` a modern browser prefers. */
export function unicodeSlug(name: string): string {
  return trimSlug(
    name
      .normalize('NFC')
      .toLocaleLowerCase('en')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+/, ''),
  );
}

/** `attachment` with a plain ASCII name and the UTF-8 one: `Q-000123-client-name.pdf`. */
export function pdfContentDisposition(number: string, name: string): { fileName: string; header: string } {
  const ascii = asciiSlug(name);
  const unicode = unicodeSlug(name);
  const fileName = ascii ? `${number}-${ascii}.pdf` : `${number}.pdf`;
  const utf8Name = unicode ? `${number}-${unicode}.pdf` : `${number}.pdf`;
  const encoded = encodeURIComponent(utf8Name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return { fileName, header: `attachment; filename="${fileName}"; filename*=UTF-8''${encoded}` };
}
