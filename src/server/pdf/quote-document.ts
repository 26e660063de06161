// The quote as a document a company sends: seller and quote number, who and when, the configuration, the monthly and
// the one-time lines with their totals, the contract's figures, page numbers. Every figure comes from a priced quote
// as document-quote.ts holds it (a saved configuration's stored snapshot, or the server's own pricing of a draft):
// nothing is computed here except presentation (a sum is never re-added; the lines are the engine's breakdowns).
import PDFDocument from 'pdfkit';
import type { z } from 'zod';
import type { quoteDocumentOutput } from '../../shared/schemas/quote-pdf';
import type { DocumentLine, DocumentQuote } from './document-quote';
import { documentFonts } from './fonts';
import { formatCount, formatEuroAmount, formatUnitPrice } from '../../shared/format';
import { PAYMENT_FREQUENCY_LABELS, PRICING_MODEL_LABELS } from '../../shared/labels';
import { contractSentence, isShownLine, lineDescription, quantityTimesPrice, showsQuantity } from '../../shared/quote-lines';
import { formatDocumentDate } from './format';

export type QuoteDocumentData = z.infer<typeof quoteDocumentOutput>;

/** One row of a table as printed. */
export interface DocumentRow {
  description: string;
  /** a muted second line (a custom item's description, a discount's terms) */
  detail?: string;
  quantity: string;
  unitPrice: string;
  /** printed struck through in the unit-price column (a waived fee's original) */
  unitPriceStruck?: boolean;
  amount: string;
}

export interface DocumentTable {
  title: string;
  rows: DocumentRow[];
  totalLabel: string;
  total: string;
}

// ---------------------------------------------------------------------------------------------------------------
// What is printed (pure: tested through the PDF's text, and shared by the renderer)

const FREQUENCY_LABEL: Record<DocumentQuote['paymentFrequency'], string> = PAYMENT_FREQUENCY_LABELS;

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A line as a row; undefined for a line that says nothing (src/shared/quote-lines.ts isShownLine). */
function rowOf(q: DocumentQuote, l: DocumentLine): DocumentRow | undefined {
  if (!isShownLine(l)) return undefined;
  const money = (n: number) => formatEuroAmount(n);
  const description = lineDescription(q, l);
  const times = quantityTimesPrice(l);
  const detail = [times, l.detail].filter((d) => d !== undefined).join(' · ') || undefined;
  if (!showsQuantity(l.kind)) return { description, detail, quantity: '', unitPrice: '', amount: money(l.amount) };
  if (l.kind === 'addon_setup' && l.waived) {
    return { description, detail, quantity: formatCount(l.quantity), unitPrice: money(l.unitPrice), unitPriceStruck: true, amount: 'Waived' };
  }
  const unitPrice = l.kind === 'variable' ? formatUnitPrice(l.unitPrice) : money(l.unitPrice);
  return { description, detail, quantity: formatCount(l.quantity), unitPrice, amount: money(l.amount) };
}

export function documentTables(q: DocumentQuote): { monthly: DocumentTable; oneTime: DocumentTable } {
  const rows = (period: DocumentLine['period']) => q.breakdowns.filter((l) => l.period === period).flatMap((l) => rowOf(q, l) ?? []);
  return {
    monthly: { title: 'Monthly', rows: rows('monthly'), totalLabel: 'Monthly total', total: formatEuroAmount(q.total) },
    oneTime: { title: 'One-time', rows: rows('one_time'), totalLabel: 'One-time total', total: formatEuroAmount(q.oneTimeCosts) },
  };
}

/** "Advanced package · Unit-Based, 1,200 units · 3 locations · 2 years (24 months) · Annual payment" */
export function configurationLine(q: DocumentQuote): string {
  const model =
    q.pricingModel === 'user'
      ? `${PRICING_MODEL_LABELS.user}, ${plural(q.userCount, 'user', 'users')}`
      : `${PRICING_MODEL_LABELS.sqm}, ${plural(q.squareMeters, 'unit', 'units')}`;
  const years = q.contractDuration / 12;
  return [
    `${q.packageName} package`,
    model,
    plural(q.locations, 'location', 'locations'),
    `${plural(years, 'year', 'years')} (${q.contractDuration} months)`,
    `${FREQUENCY_LABEL[q.paymentFrequency]} payment`,
  ].join(' · ');
}

/**
 * The summary's figures above the contract value (the monthly and one-time totals end their tables, and the contract
 * sentence under it repeats them). Free months are told by that sentence, and only when there are any.
 */
export function summaryRows(q: DocumentQuote): [string, string][] {
  return [['Yearly total', formatEuroAmount(q.yearlyTotal)]];
}

export const VAT_NOTE = 'All prices in euro, excluding VAT.';

// ---------------------------------------------------------------------------------------------------------------
// Layout

const A4 = { width: 595.28, height: 841.89 };
const M = { top: 40, left: 50, right: 50, bottom: 56 };
const CONTENT = A4.width - M.left - M.right;
const RIGHT = M.left + CONTENT;
const FOOTER_Y = A4.height - 40;
const MAX_Y = A4.height - M.bottom;

const INK = '#1a202c';
const MUTED = '#5f6b7a';
const ACCENT = '#1f4e79';
const DRAFT_MARK = '#b45309';
const RULE = '#d9dee5';
const FILL = '#f2f5f8';
const CREDIT = '#2f6f3e';

const COL = { qty: 48, unit: 92, amount: 92 };
const PAD = 6;
const DESC_W = CONTENT - COL.qty - COL.unit - COL.amount - PAD;
const X_QTY = M.left + DESC_W + PAD;
const X_UNIT = X_QTY + COL.qty;
const X_AMOUNT = X_UNIT + COL.unit;

type Doc = PDFKit.PDFDocument;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const LABEL_SPACING = 0.6;

function setFont(doc: Doc, bold: boolean, size: number, color = INK): Doc {
  return doc
    .font(bold ? 'Sans-Bold' : 'Sans')
    .fontSize(size)
    .fillColor(color);
}

/**
 * One line of text ending at `right`. Placed by its measured width rather than with pdfkit's `width`/`align`, which
 * runs the line wrapper (most of the layout time of a table).
 */
function textRight(doc: Doc, text: string, right: number, y: number, options: { strike?: boolean; characterSpacing?: number } = {}): void {
  const w = doc.widthOfString(text, { characterSpacing: options.characterSpacing ?? 0 });
  doc.text(text, right - w, y, { lineBreak: false, ...options });
}

/** One line of text starting at x (no wrapping). */
function textLeft(doc: Doc, text: string, x: number, y: number, options: { characterSpacing?: number } = {}): void {
  doc.text(text, x, y, { lineBreak: false, ...options });
}

function hline(doc: Doc, y: number, color = RULE, width = 0.6, x0 = M.left, x1 = M.left + CONTENT): void {
  doc.save().moveTo(x0, y).lineTo(x1, y).lineWidth(width).strokeColor(color).stroke().restore();
}

function label(doc: Doc, text: string, x: number, y: number, width: number): void {
  setFont(doc, true, 7.5, MUTED).text(text.toUpperCase(), x, y, { width, characterSpacing: LABEL_SPACING, lineBreak: false });
}

function drawHeader(doc: Doc, d: QuoteDocumentData): number {
  const y = M.top;
  setFont(doc, true, 17, ACCENT).text(d.seller, M.left, y, { width: CONTENT * 0.58 });
  if (d.sellerLines && d.sellerLines.length > 0) {
    setFont(doc, false, 8.5, MUTED).text(d.sellerLines.join('\n'), M.left, doc.y + 2, { width: CONTENT * 0.58, lineGap: 1 });
  }
  const sellerBottom = doc.y;
  textRight(setFont(doc, true, 20, INK), 'Quotation', RIGHT, y - 2);
  textRight(setFont(doc, false, 11, MUTED), d.life ? `${d.number} · Revision ${d.life.revision}` : d.number, RIGHT, y + 24);
  // a draft says so at the top: it is not yet an offer the customer can accept
  const draft = d.life?.status === 'Draft';
  if (draft) textRight(setFont(doc, true, 10, DRAFT_MARK), 'DRAFT', RIGHT, y + 40, { characterSpacing: 1.5 });
  const bottom = Math.max(sellerBottom, y + (draft ? 54 : 40)) + 10;
  hline(doc, bottom, ACCENT, 1.5);
  return bottom + 14;
}

interface MetaColumn {
  title: string;
  lines: string[];
  /** the first line in bold */
  bold?: boolean;
  /** a second label and value under the first (the date, then the validity) */
  below?: { title: string; line: string };
  w: number;
}

/**
 * The quote's name and what it is (package, size, locations, term, payment), then one row: for whom, by whom, when and
 * until when, and its status (a saved quote), or by whom and when (an unsaved one).
 */
function drawMeta(doc: Doc, d: QuoteDocumentData, top: number): number {
  setFont(doc, true, 12, INK).text(d.name, M.left, top, { width: CONTENT });
  setFont(doc, false, 9.5, MUTED).text(configurationLine(d.quote), M.left, doc.y + 1, { width: CONTENT });
  const rowTop = doc.y + 8;
  const by = [d.preparedBy.name, d.preparedBy.email ?? '', d.preparedBy.company].filter((s) => s.trim() !== '');
  const date = formatDocumentDate(d.date);
  const cols: MetaColumn[] = d.life
    ? [
        { title: 'Prepared for', lines: d.life.preparedFor.length > 0 ? d.life.preparedFor : ['—'], bold: true, w: 145 },
        { title: 'Prepared by', lines: by, bold: true, w: 130 },
        // "30 September 2026" on one line
        {
          title: 'Date',
          lines: [date],
          below: { title: 'Valid until', line: formatDocumentDate(new Date(`${d.life.validUntil}T12:00:00Z`)) },
          w: 105,
        },
        { title: 'Status', lines: [d.life.status], w: CONTENT - 380 - 36 },
      ]
    : [
        { title: 'Prepared by', lines: by, bold: true, w: 170 },
        { title: 'Date', lines: [date], w: 150 },
      ];
  let bottom = rowTop;
  let x = M.left;
  for (const c of cols) {
    label(doc, c.title, x, rowTop, c.w);
    let y = rowTop + 12;
    c.lines.forEach((line, i) => {
      setFont(doc, c.bold === true && i === 0, 10, i === 0 ? INK : MUTED).text(line, x, y, { width: c.w });
      y = doc.y + 0.5;
    });
    if (c.below) {
      label(doc, c.below.title, x, y + 5, c.w);
      setFont(doc, false, 10, INK).text(c.below.line, x, y + 17, { width: c.w });
      y = doc.y + 0.5;
    }
    bottom = Math.max(bottom, y);
    x += c.w + 12;
  }
  return bottom + 16;
}

const TITLE_H = 16;
function sectionTitle(doc: Doc, text: string, y: number): number {
  textLeft(setFont(doc, true, 12, INK), text, M.left, y);
  return y + TITLE_H;
}

const HEADER_H = 18;
function tableHeader(doc: Doc, y: number): number {
  const h = HEADER_H;
  doc.save().rect(M.left, y, CONTENT, h).fill(FILL).restore();
  const ty = y + 5.5;
  setFont(doc, true, 7.5, MUTED);
  textLeft(doc, 'DESCRIPTION', M.left + PAD, ty, { characterSpacing: 0.6 });
  // the letter spacing after the last letter is trimmed so the headings end where the numbers end
  textRight(doc, 'QTY', X_QTY + COL.qty - PAD + 0.6, ty, { characterSpacing: 0.6 });
  textRight(doc, 'UNIT PRICE', X_UNIT + COL.unit - PAD + 0.6, ty, { characterSpacing: 0.6 });
  textRight(doc, 'AMOUNT', X_AMOUNT + COL.amount - PAD + 0.6, ty, { characterSpacing: 0.6 });
  return y + h;
}

const ROW_SIZE = 9.5;
const DETAIL_SIZE = 8;
const ROW_PAD = 3;

interface RowLayout {
  descH: number;
  detailH: number;
  h: number;
}

/** Height of a text in the description column; a text that fits on one line is not run through the wrapper. */
function descHeight(doc: Doc, text: string): number {
  const w = DESC_W - PAD;
  return doc.widthOfString(text) <= w ? doc.currentLineHeight(true) : doc.heightOfString(text, { width: w });
}

function rowLayout(doc: Doc, r: DocumentRow): RowLayout {
  setFont(doc, false, ROW_SIZE);
  const descH = descHeight(doc, r.description);
  let detailH = 0;
  if (r.detail) {
    setFont(doc, false, DETAIL_SIZE);
    detailH = 1 + descHeight(doc, r.detail);
  }
  return { descH, detailH, h: descH + detailH + 2 * ROW_PAD };
}

function drawDescription(doc: Doc, text: string, y: number, oneLine: boolean): void {
  if (oneLine) textLeft(doc, text, M.left + PAD, y);
  else doc.text(text, M.left + PAD, y, { width: DESC_W - PAD });
}

function drawRow(doc: Doc, r: DocumentRow, y: number, l: RowLayout): void {
  const ty = y + ROW_PAD;
  setFont(doc, false, ROW_SIZE);
  drawDescription(doc, r.description, ty, l.descH <= doc.currentLineHeight(true));
  if (r.detail) {
    setFont(doc, false, DETAIL_SIZE, MUTED);
    drawDescription(doc, r.detail, ty + l.descH + 1, l.detailH - 1 <= doc.currentLineHeight(true));
  }
  setFont(doc, false, ROW_SIZE, INK);
  if (r.quantity) textRight(doc, r.quantity, X_QTY + COL.qty - PAD, ty);
  if (r.unitPrice) {
    if (r.unitPriceStruck) doc.fillColor(MUTED);
    textRight(doc, r.unitPrice, X_UNIT + COL.unit - PAD, ty, { strike: r.unitPriceStruck ?? false });
  }
  const credit = r.amount.startsWith('\u2212') || r.amount === 'Waived';
  doc.fillColor(credit ? CREDIT : INK);
  textRight(doc, r.amount, X_AMOUNT + COL.amount - PAD, ty);
  hline(doc, y + l.h, RULE, 0.5);
}

const TOTAL_H = 20;
const TABLE_GAP = 12;
/** The last rows of a table go with its total (and what must follow it), so a total never stands alone on a page. */
const TAIL_ROWS = 3;

/**
 * A table that continues on the next page with its title and header repeated. `keepAfter` is the height that must
 * follow its total on the same page (the summary after the last table), carried over with the last rows.
 */
function drawTable(doc: Doc, t: DocumentTable, top: number, keepAfter = 0): number {
  let y = top;
  const layouts = t.rows.map((r) => rowLayout(doc, r));
  const heights = layouts.map((l) => l.h);
  const tail = Math.max(0, heights.length - TAIL_ROWS);
  const after = keepAfter > 0 ? TABLE_GAP + keepAfter : 0;
  const tailH = sum(heights.slice(tail)) + TOTAL_H + after;
  // A short table that does not fit the rest of the page starts on the next one rather than being split; a longer one
  // keeps at least its title, header and first row together.
  const whole = TITLE_H + HEADER_H + sum(heights) + TOTAL_H + after;
  if (y + whole > MAX_Y && whole <= (MAX_Y - M.top) / 2) y = newPage(doc);
  else if (y + TITLE_H + HEADER_H + (heights[0] ?? TOTAL_H) > MAX_Y) y = newPage(doc);
  y = sectionTitle(doc, t.title, y);
  y = tableHeader(doc, y);
  let onPage = 0;
  const continued = () => {
    y = newPage(doc);
    y = sectionTitle(doc, `${t.title} (continued)`, y);
    y = tableHeader(doc, y);
    onPage = 0;
  };
  for (const [i, r] of t.rows.entries()) {
    const l = layouts[i]!;
    if (onPage > 0 && ((i === tail && y + tailH > MAX_Y) || y + l.h > MAX_Y)) continued();
    drawRow(doc, r, y, l);
    y += l.h;
    onPage++;
  }
  if (y + TOTAL_H > MAX_Y) continued();
  hline(doc, y, INK, 0.9);
  const ty = y + 5.5;
  setFont(doc, true, 10, INK);
  textLeft(doc, t.totalLabel, M.left + PAD, ty);
  textRight(doc, t.total, X_AMOUNT + COL.amount - PAD, ty);
  return y + TOTAL_H + TABLE_GAP;
}

const SUMMARY_W = 300;
const SUMMARY_ROW = 14.5;

function summaryHeight(doc: Doc, q: DocumentQuote): number {
  setFont(doc, false, 8.5);
  const sentenceH = doc.heightOfString(contractSentence(q).join('\n'), { width: SUMMARY_W - 24 });
  return 9 + summaryRows(q).length * SUMMARY_ROW + 8 + 19 + sentenceH + 8;
}

function drawSummary(doc: Doc, q: DocumentQuote, top: number): number {
  const rows = summaryRows(q);
  const sentence = contractSentence(q).join('\n');
  const boxW = SUMMARY_W;
  const x = M.left + CONTENT - boxW;
  const boxH = summaryHeight(doc, q);
  let y = top;
  if (y + boxH > MAX_Y) y = newPage(doc);

  doc.save().roundedRect(x, y, boxW, boxH, 4).fill(FILL).restore();
  let ry = y + 9;
  for (const [k, v] of rows) {
    textLeft(setFont(doc, false, 9.5, MUTED), k, x + 12, ry);
    textRight(setFont(doc, false, 9.5, INK), v, x + boxW - 12, ry);
    ry += SUMMARY_ROW;
  }
  hline(doc, ry + 1, INK, 0.9, x + 12, x + boxW - 12);
  ry += 8;
  textLeft(setFont(doc, true, 11, INK), 'Total contract value', x + 12, ry);
  textRight(setFont(doc, true, 13, ACCENT), formatEuroAmount(q.tcv), x + boxW - 12, ry - 1.5);
  ry += 19;
  setFont(doc, false, 8.5, MUTED).text(sentence, x + 12, ry, { width: boxW - 24, align: 'right' });

  // The terms, left of the box
  setFont(doc, false, 9, MUTED).text(VAT_NOTE, M.left, y + 10, { width: CONTENT - boxW - 24 });
  return y + boxH + 16;
}

/** The seller's terms: a heading, then the text, flowing onto further pages as long as it needs. */
function drawTerms(doc: Doc, seller: string, terms: string, top: number): number {
  let y = top;
  if (y + 60 > MAX_Y) y = newPage(doc);
  y = sectionTitle(doc, `Terms of ${seller}`, y);
  setFont(doc, false, 8.5, INK).text(terms, M.left, y, { width: CONTENT, lineGap: 1.5 });
  return doc.y + 20;
}

type Accepted = NonNullable<NonNullable<QuoteDocumentData['life']>['accepted']>;

const ACCEPTED_LABEL_W = 104;
const ACCEPTED_VALUE_W = CONTENT - 24 - ACCEPTED_LABEL_W;

function acceptedRows(a: Accepted): [string, string][] {
  const rows: [string, string][] = [
    ['Accepted by', a.by],
    ['Date and time', a.at],
    ['Revision', String(a.revision)],
  ];
  if (a.fingerprint) rows.push([FINGERPRINT, a.fingerprint]);
  return rows;
}

/** The first row leaves room for the block's title at its right. */
const ACCEPTED_TITLE_W = 70;
const acceptedValueWidth = (first: boolean) => ACCEPTED_VALUE_W - (first ? ACCEPTED_TITLE_W : 0);

const FINGERPRINT = 'Fingerprint (SHA-256)';

/** The fingerprint, 64 hex digits, in a size that keeps it on one line. */
const valueSize = (k: string) => (k === FINGERPRINT ? 8.5 : 9);

function acceptedRowHeight(doc: Doc, [k, v]: [string, string], first: boolean): number {
  setFont(doc, k !== FINGERPRINT, valueSize(k));
  return Math.max(12.5, doc.heightOfString(v, { width: acceptedValueWidth(first) }) + 2);
}

function acceptedHeight(doc: Doc, rows: [string, string][]): number {
  return 9 + sum(rows.map((row, i) => acceptedRowHeight(doc, row, i === 0))) + 6;
}

/** The evidence of the customer's acceptance: who, when, which revision, and the fingerprint of what they accepted. */
function drawAccepted(doc: Doc, a: Accepted, top: number): number {
  const rows = acceptedRows(a);
  const boxH = acceptedHeight(doc, rows);
  let y = top;
  if (y + boxH > MAX_Y) y = newPage(doc);
  doc.save().roundedRect(M.left, y, CONTENT, boxH, 4).lineWidth(1).strokeColor(CREDIT).stroke().restore();
  textRight(setFont(doc, true, 11, CREDIT), 'Accepted', RIGHT - 12, y + 8);
  let ry = y + 9;
  rows.forEach(([k, v], i) => {
    textLeft(setFont(doc, false, 9, MUTED), k, M.left + 12, ry);
    setFont(doc, k !== FINGERPRINT, valueSize(k), INK).text(v, M.left + 12 + ACCEPTED_LABEL_W, ry, { width: acceptedValueWidth(i === 0) });
    ry += acceptedRowHeight(doc, [k, v], i === 0);
  });
  return y + boxH + 16;
}

function newPage(doc: Doc): number {
  doc.addPage();
  return M.top;
}

function drawFooters(doc: Doc, d: QuoteDocumentData): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing in the bottom margin must not start another page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    hline(doc, FOOTER_Y - 8, RULE, 0.5);
    setFont(doc, false, 8, MUTED).text(`${d.seller} · Quotation ${d.number}`, M.left, FOOTER_Y, {
      width: CONTENT * 0.7,
      lineBreak: false,
      ellipsis: true,
    });
    textRight(doc, `Page ${i - range.start + 1} of ${range.count}`, RIGHT, FOOTER_Y);
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Lays out the whole document and ends it. The returned PDFDocument is a readable stream of the file's bytes
 * (pipe it to the response). Throws before any byte is produced if the data cannot be laid out.
 */
export function renderQuotePdf(d: QuoteDocumentData): Doc {
  const fonts = documentFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: M,
    bufferPages: true,
    autoFirstPage: true,
    // No default font: pdfkit would parse Helvetica's metrics for nothing (every text below names its font).
    font: null as unknown as string,
    info: {
      Title: `Quotation ${d.number}: ${d.name}`,
      Author: d.seller,
      Subject: d.name,
      Creator: d.seller,
      Producer: 'Quote Configurator',
      CreationDate: d.date,
    },
    lang: 'en-IE',
    displayTitle: true,
  });
  doc.registerFont('Sans', fonts.regular);
  doc.registerFont('Sans-Bold', fonts.bold);

  let y = drawHeader(doc, d);
  y = drawMeta(doc, d, y);
  const tables = documentTables(d.quote);
  y = drawTable(doc, tables.monthly, y);
  // The summary, and the Accepted block when no terms come between, go on the page of the last lines.
  const accepted = d.life?.accepted && !d.terms ? 16 + acceptedHeight(doc, acceptedRows(d.life.accepted)) : 0;
  y = drawTable(doc, tables.oneTime, y, summaryHeight(doc, d.quote) + accepted);
  y = drawSummary(doc, d.quote, y);
  if (d.terms) y = drawTerms(doc, d.seller, d.terms, y);
  if (d.life?.accepted) drawAccepted(doc, d.life.accepted, y);
  drawFooters(doc, d);
  doc.end();
  return doc;
}

/** The whole file in memory (benchmarks, tests). */
export function renderQuotePdfBuffer(d: QuoteDocumentData): Promise<Buffer> {
  const doc = renderQuotePdf(d);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
