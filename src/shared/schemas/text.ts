// Text fields are text, not control codes (docs/PRODUCT.md "The API's conventions"). One check for every name, username, company, description
// and custom item id, in saves, unsaved quotes and their PDFs alike: control characters (C0, DEL, C1, and the line and
// paragraph separators U+2028 / U+2029, which JavaScript and many viewers treat as line breaks), bidi controls
// (U+202A–U+202E, U+2066–U+2069 and the invisible marks U+061C, U+200E, U+200F, which can make "exe.txt" read as
// "txt.exe") and unpaired UTF-16 surrogates are refused with a 400. Single-line fields refuse line breaks and tabs
// too; multi-line descriptions keep \n, \r and \t.
// Invisible characters are refused as well, so that a name cannot look empty, or look like another name while being a
// different string: every format character (Unicode category Cf: zero-width spaces and joiners, the byte-order mark,
// soft hyphens, tag characters, the bidi marks above), the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 and the
// blank Braille pattern U+2800, which render as nothing. A text that is not empty needs at least one visible
// character: spaces and combining marks alone are not one.
import { z } from 'zod';

// With the u flag a well-formed surrogate pair is one code point and does not match [\uD800-\uDFFF]; a lone half does.
// \p{Cf} covers the bidi controls listed above and the tags U+E0001, U+E0020–U+E007F; the rest of the tag block is
// unassigned and named as a range.
const INVISIBLE = String.raw`\p{Cf}\u115F\u1160\u3164\uFFA0\u2800\u{E0000}-\u{E007F}`;
const SINGLE_LINE_FORBIDDEN = new RegExp(String.raw`[\u0000-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF${INVISIBLE}]`, 'u');
const MULTI_LINE_FORBIDDEN = new RegExp(String.raw`[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF${INVISIBLE}]`, 'u');
/** A character that shows: neither white space nor a mark that only modifies the one before it. */
const VISIBLE = /[^\p{White_Space}\p{M}]/u;
const ONLY_WHITE_SPACE = /^\p{White_Space}*$/u;

export const controlCharsMessage = (label: string) => `${label} must not contain control characters or text-direction overrides`;

/** Empty (or white space only, which a required field's own rule refuses) or holding something visible. */
function hasVisibleOrNothing(value: string): boolean {
  return ONLY_WHITE_SPACE.test(value) || VISIBLE.test(value);
}

export function isSingleLineText(value: string): boolean {
  return !SINGLE_LINE_FORBIDDEN.test(value) && hasVisibleOrNothing(value);
}

export function isMultiLineText(value: string): boolean {
  return !MULTI_LINE_FORBIDDEN.test(value) && hasVisibleOrNothing(value);
}

/** A refinement for any string schema: `.check(singleLine('Company name'))` style use through `.refine`. */
export const refineSingleLine = (label: string) => [isSingleLineText, controlCharsMessage(label)] as const;
export const refineMultiLine = (label: string) => [isMultiLineText, controlCharsMessage(label)] as const;

/** A plain single-line text field (trimmed). Chain length checks as usual. */
export function singleLineText(label: string) {
  return z
    .string()
    .trim()
    .refine(...refineSingleLine(label));
}

/**
 * How usernames and addresses are compared and stored: Unicode NFKC, so that look-alike spellings (`a＠b.com`, full-width
 * letters) are the one name they look like and nobody claims an address by spelling it differently.
 */
export function loginNameForm(value: string): string {
  return value.normalize('NFKC').trim();
}

/** The key a login name is matched by: its NFKC form, lower-cased. */
export function loginNameKey(value: string): string {
  return loginNameForm(value).toLowerCase();
}
