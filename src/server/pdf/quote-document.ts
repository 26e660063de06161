// The quote as a document a company sends: seller and quote number, who and when, the configuration, the monthly and
// the one-time lines with their totals, the contract's figures, page numbers. Every figure comes from a priced quote
// as document-quote.ts holds it (a saved configuration's stored snapshot, or the server's own pricing of a draft):
// nothing is computed here except presentation (a sum is never re-added; the lines are the engine's breakdowns).
import PDFDocument from 'pdfkit';
import type { DocumentLine, DocumentQuote } from './document-quote';
import { documentFonts } from './fonts';
import { formatCount, formatEuroAmount, formatUnitPrice } from '../../shared/format';
import { formatDocumentDate } from './format';

export interface QuoteDocumentData {
  /** "Q-000123", or "DRAFT" for an unsaved quote. */
  number: string;
  name: string;
  date: Date;
  /** The owner (a saved quote: name and email, the customer's contact) or whoever prints a draft (name and company). */
  preparedBy: { name: string; company: string; email?: string };
  /** The seller's name (the Company tab, or COMPANY_NAME) */
  seller: string;
  /** Under the seller's name: address lines, email, phone, VAT number. */
  sellerLines?: string[];
  /** The seller's terms, printed after the totals. */
  terms?: string | null;
  quote: DocumentQuote;
  /** A saved quote's life (number, revision, status, validity, customer); absent for an unsaved one. */
  life?: {
    revision: number;
    /** "Draft", "Sent", "Accepted", "Declined", "Expired" or "Replaced by a newer revision" */
    status: string;
    /** YYYY-MM-DD */
    validUntil: string;
    /** company, contact name, email: those given */
    preparedFor: string[];
    /** The customer's acceptance through the share link, as printed in the Accepted block; null when there is none. */
    accepted: { by: string; at: string; revision: number; fingerprint: string | null } | null;
  };
}

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

const FREQUENCY_LABEL: Record<DocumentQuote['paymentFrequency'], string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annual',
};

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A line as a row; undefined for a line that says nothing (no extra locations, a zero discount, a free add-on setup). */
function rowOf(q: DocumentQuote, l: DocumentLine): DocumentRow | undefined {
  const money = (n: number) => formatEuroAmount(n);
  switch (l.kind) {
    case 'base':
      return { description: `${l.label} package, base price`, quantity: '1', unitPrice: money(l.unitPrice), amount: money(l.amount) };
    case 'variable':
      return {
        description: q.pricingModel === 'user' ? 'Users' : 'Units',
        quantity: formatCount(l.quantity),
        unitPrice: formatUnitPrice(l.unitPrice),
        amount: money(l.amount),
      };
    case 'locations':
      if (l.quantity <= 0) return undefined;
      return { description: 'Additional locations', quantity: formatCount(l.quantity), unitPrice: money(l.unitPrice), amount: money(l.amount) };
    case 'discount':
      if (l.amount === 0) return undefined;
      return { description: l.label, detail: l.detail, quantity: '', unitPrice: '', amount: money(l.amount) };
    case 'addon_setup':
      if (l.waived) {
        const original = l.originalAmount ?? l.unitPrice;
        return { description: l.label, detail: 'Setup fee waived', quantity: '1', unitPrice: money(original), unitPriceStruck: true, amount: 'Waived' };
      }
      if (l.amount === 0) return undefined;
      return { description: l.label, quantity: '1', unitPrice: money(l.unitPrice), amount: money(l.amount) };
    case 'custom_recurring':
    case 'custom_one_time':
      return { description: l.label, detail: l.detail, quantity: formatCount(l.quantity), unitPrice: money(l.unitPrice), amount: money(l.amount) };
    default:
      return { description: l.label, quantity: formatCount(l.quantity), unitPrice: money(l.unitPrice), amount: money(l.amount) };
  }
}

export function documentTables(q: DocumentQuote): { monthly: DocumentTable; oneTime: DocumentTable } {
  const rows = (period: DocumentLine['period']) =>
    q.breakdowns.filter((l) => l.period === period).flatMap((l) => rowOf(q, l) ?? []);
  return {
    monthly: { title: 'Monthly', rows: rows('monthly'), totalLabel: 'Monthly total', total: formatEuroAmount(q.total) },
    oneTime: { title: 'One-time', rows: rows('one_time'), totalLabel: 'One-time total', total: formatEuroAmount(q.oneTimeCosts) },
  };
}

export function configurationFacts(q: DocumentQuote): [string, string][] {
  const model =
    q.pricingModel === 'user' ? `User-Based, ${plural(q.userCount, 'user', 'users')}` : `Unit-Based, ${plural(q.squareMeters, 'unit', 'units')}`;
  const years = q.contractDuration / 12;
  return [
    ['Package', q.packageName],
    ['Pricing model', model],
    ['Locations', formatCount(q.locations)],
    ['Contract duration', `${plural(years, 'year', 'years')} (${q.contractDuration} months)`],
    ['Payment frequency', FREQUENCY_LABEL[q.paymentFrequency]],
  ];
}

/** "36 paid months × €1,234.00 + €499.00 one-time fees", and a line on the free months when there are any. */
export function contractSentence(q: DocumentQuote): string[] {
  const lines = [`${q.paidMonths} paid months × ${formatEuroAmount(q.total)} + ${formatEuroAmount(q.oneTimeCosts)} one-time fees`];
  if (q.freeMonths > 0) lines.push(`plus ${plural(q.freeMonths, 'free month', 'free months')}: ${q.contractMonths} months in all`);
  return lines;
}

export function summaryRows(q: DocumentQuote): [string, string][] {
  return [
    ['Monthly total', formatEuroAmount(q.total)],
    ['Yearly total', formatEuroAmount(q.yearlyTotal)],
    ['One-time total', formatEuroAmount(q.oneTimeCosts)],
    ['Free months', formatCount(q.freeMonths)],
  ];
}

export const VAT_NOTE = 'All prices in euro, excluding VAT.';

// ---------------------------------------------------------------------------------------------------------------
// Layout

const A4 = { width: 595.28, height: 841.89 };
const M = { top: 48, left: 50, right: 50, bottom: 64 };
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

function setFont(doc: Doc, bold: boolean, size: number, color = INK): Doc {
  return doc.font(bold ? 'Sans-Bold' : 'Sans').fontSize(size).fillColor(color);
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
  setFont(doc, true, 7.5, MUTED).text(text.toUpperCase(), x, y, { width, characterSpacing: 0.6, lineBreak: false });
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
  const bottom = Math.max(sellerBottom, y + (draft ? 54 : 40)) + 12;
  hline(doc, bottom, ACCENT, 1.5);
  return bottom + 18;
}

function drawMeta(doc: Doc, d: QuoteDocumentData, top: number): number {
  const cols = [
    { x: M.left, w: 235, title: 'Quote', lines: [d.name], bold: true },
    { x: M.left + 250, w: 105, title: 'Date', lines: [formatDocumentDate(d.date)], bold: false },
    { x: M.left + 370, w: CONTENT - 370, title: 'Prepared by', lines: [d.preparedBy.name, d.preparedBy.email ?? '', d.preparedBy.company].filter((s) => s.trim() !== ''), bold: false },
  ];
  let bottom = top;
  for (const c of cols) {
    label(doc, c.title, c.x, top, c.w);
    let y = top + 13;
    c.lines.forEach((line, i) => {
      setFont(doc, c.bold || (c.title === 'Prepared by' && i === 0), 10.5, i === 0 ? INK : MUTED).text(line, c.x, y, { width: c.w });
      y = doc.y + 1;
    });
    bottom = Math.max(bottom, y);
  }
  if (!d.life) return bottom + 18;
  const validity = formatDocumentDate(new Date(`${d.life.validUntil}T12:00:00Z`));
  const second = [
    { x: M.left, w: 235, title: 'Prepared for', lines: d.life.preparedFor.length > 0 ? d.life.preparedFor : ['—'] },
    { x: M.left + 250, w: 105, title: 'Valid until', lines: [validity] },
    { x: M.left + 370, w: CONTENT - 370, title: 'Status', lines: [d.life.status] },
  ];
  const top2 = bottom + 12;
  let bottom2 = top2;
  for (const c of second) {
    label(doc, c.title, c.x, top2, c.w);
    let y = top2 + 13;
    c.lines.forEach((line, i) => {
      setFont(doc, i === 0 && c.title === 'Prepared for', 10.5, i === 0 ? INK : MUTED).text(line, c.x, y, { width: c.w });
      y = doc.y + 1;
    });
    bottom2 = Math.max(bottom2, y);
  }
  return bottom2 + 18;
}

function sectionTitle(doc: Doc, text: string, y: number): number {
  textLeft(setFont(doc, true, 12, INK), text, M.left, y);
  return y + 20;
}

function drawConfiguration(doc: Doc, q: DocumentQuote, top: number): number {
  const y = sectionTitle(doc, 'Configuration', top);
  const facts = configurationFacts(q);
  // A grid of three columns, a small label above each value (as the block above it)
  const COLS = 3;
  const colW = (CONTENT - 24) / COLS;
  const valueW = colW - 12;
  const valueHeight = (v: string) => (setFont(doc, true, 9.5), doc.heightOfString(v, { width: valueW }));
  const heights: number[] = [];
  for (let i = 0; i < facts.length; i += COLS) {
    heights.push(13 + Math.max(...facts.slice(i, i + COLS).map(([, v]) => valueHeight(v))) + 10);
  }
  const boxH = heights.reduce((a, b) => a + b, 0) + 12;
  doc.save().roundedRect(M.left, y, CONTENT, boxH, 4).fill(FILL).restore();
  facts.forEach(([k, v], i) => {
    const row = Math.floor(i / COLS);
    const x = M.left + 12 + (i % COLS) * colW;
    const ry = y + 11 + heights.slice(0, row).reduce((a, b) => a + b, 0);
    label(doc, k, x, ry, valueW);
    setFont(doc, true, 9.5, INK).text(v, x, ry + 13, { width: valueW });
  });
  return y + boxH + 20;
}

function tableHeader(doc: Doc, y: number): number {
  const h = 20;
  doc.save().rect(M.left, y, CONTENT, h).fill(FILL).restore();
  const ty = y + 6.5;
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
const ROW_PAD = 5;

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
  const credit = r.amount.startsWith('-') || r.amount === 'Waived';
  doc.fillColor(credit ? CREDIT : INK);
  textRight(doc, r.amount, X_AMOUNT + COL.amount - PAD, ty);
  hline(doc, y + l.h, RULE, 0.5);
}

/** A table that continues on the next page with its title and header repeated. */
function drawTable(doc: Doc, t: DocumentTable, top: number): number {
  const TOTAL_H = 26;
  let y = top;
  const layouts = t.rows.map((r) => rowLayout(doc, r));
  // A short table that does not fit the rest of the page starts on the next one rather than being split; a longer one
  // keeps at least its title, header and first row together.
  const whole = 20 + 20 + layouts.reduce((a, l) => a + l.h, 0) + TOTAL_H;
  const first = layouts[0]?.h ?? TOTAL_H;
  if (y + whole > MAX_Y && whole <= (MAX_Y - M.top) / 2) y = newPage(doc);
  else if (y + 20 + 20 + first > MAX_Y) y = newPage(doc);
  y = sectionTitle(doc, t.title, y);
  y = tableHeader(doc, y);
  for (const [i, r] of t.rows.entries()) {
    const l = layouts[i]!;
    if (y + l.h > MAX_Y) {
      y = newPage(doc);
      y = sectionTitle(doc, `${t.title} (continued)`, y);
      y = tableHeader(doc, y);
    }
    drawRow(doc, r, y, l);
    y += l.h;
  }
  if (y + TOTAL_H > MAX_Y) {
    y = newPage(doc);
    y = sectionTitle(doc, `${t.title} (continued)`, y);
    y = tableHeader(doc, y);
  }
  hline(doc, y, INK, 0.9);
  const ty = y + 8;
  setFont(doc, true, 10, INK);
  textLeft(doc, t.totalLabel, M.left + PAD, ty);
  textRight(doc, t.total, X_AMOUNT + COL.amount - PAD, ty);
  return y + TOTAL_H + 22;
}

function drawSummary(doc: Doc, q: DocumentQuote, top: number): number {
  const rows = summaryRows(q);
  const sentence = contractSentence(q).join('\n');
  const boxW = 300;
  const x = M.left + CONTENT - boxW;
  setFont(doc, false, 8.5);
  const sentenceH = doc.heightOfString(sentence, { width: boxW - 24 });
  const boxH = 12 + rows.length * 17 + 10 + 22 + sentenceH + 12;
  let y = top;
  if (y + boxH > MAX_Y) y = newPage(doc);

  doc.save().roundedRect(x, y, boxW, boxH, 4).fill(FILL).restore();
  let ry = y + 12;
  for (const [k, v] of rows) {
    textLeft(setFont(doc, false, 9.5, MUTED), k, x + 12, ry);
    textRight(setFont(doc, false, 9.5, INK), v, x + boxW - 12, ry);
    ry += 17;
  }
  hline(doc, ry + 2, INK, 0.9, x + 12, x + boxW - 12);
  ry += 11;
  textLeft(setFont(doc, true, 11, INK), 'Total contract value', x + 12, ry);
  textRight(setFont(doc, true, 13, ACCENT), formatEuroAmount(q.tcv), x + boxW - 12, ry - 1.5);
  ry += 22;
  setFont(doc, false, 8.5, MUTED).text(sentence, x + 12, ry, { width: boxW - 24, align: 'right' });

  // The terms, left of the box
  setFont(doc, false, 9, MUTED).text(VAT_NOTE, M.left, y + 12, { width: CONTENT - boxW - 24 });
  return y + boxH + 20;
}

/** The seller's terms: a heading, then the text, flowing onto further pages as long as it needs. */
function drawTerms(doc: Doc, seller: string, terms: string, top: number): number {
  let y = top;
  if (y + 60 > MAX_Y) y = newPage(doc);
  y = sectionTitle(doc, `Terms of ${seller}`, y);
  setFont(doc, false, 8.5, INK).text(terms, M.left, y, { width: CONTENT, lineGap: 1.5 });
  return doc.y + 20;
}

/** The evidence of the customer's acceptance: who, when, which revision, and the fingerprint of what they accepted. */
function drawAccepted(doc: Doc, a: NonNullable<NonNullable<QuoteDocumentData['life']>['accepted']>, top: number): number {
  const rows: [string, string][] = [
    ['Accepted by', a.by],
    ['Date and time', a.at],
    ['Revision', String(a.revision)],
  ];
  if (a.fingerprint) rows.push(['Fingerprint (SHA-256)', a.fingerprint]);
  const labelW = 118;
  const valueW = CONTENT - 24 - labelW;
  const rowH = (v: string) => (setFont(doc, false, 9), Math.max(14, doc.heightOfString(v, { width: valueW }) + 4));
  const boxH = 12 + 18 + rows.reduce((h, [, v]) => h + rowH(v), 0) + 8;
  let y = top;
  if (y + boxH > MAX_Y) y = newPage(doc);
  doc.save().roundedRect(M.left, y, CONTENT, boxH, 4).lineWidth(1).strokeColor(CREDIT).stroke().restore();
  textLeft(setFont(doc, true, 11, CREDIT), 'Accepted', M.left + 12, y + 11);
  let ry = y + 12 + 18;
  for (const [k, v] of rows) {
    textLeft(setFont(doc, false, 9, MUTED), k, M.left + 12, ry);
    setFont(doc, k !== 'Fingerprint (SHA-256)', 9, INK).text(v, M.left + 12 + labelW, ry, { width: valueW });
    ry += rowH(v);
  }
  return y + boxH + 20;
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
    setFont(doc, false, 8, MUTED).text(`${d.seller} · Quotation ${d.number}`, M.left, FOOTER_Y, { width: CONTENT * 0.7, lineBreak: false, ellipsis: true });
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
  y = drawConfiguration(doc, d.quote, y);
  const tables = documentTables(d.quote);
  y = drawTable(doc, tables.monthly, y);
  y = drawTable(doc, tables.oneTime, y);
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
