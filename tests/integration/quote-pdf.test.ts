// The quote as a PDF: the text a reader sees in the file (extracted with poppler's pdftotext) carries the
// stored snapshot's figures to the cent; access and errors are the usual JSON; long quotes flow onto more pages.
// Page images are written to test-results/quote-pdf/ to be looked at.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from '../support/accounts';
import { demoIds, type DemoIds } from '../support/configurations';
import { ADMIN, createTestApp, USER, type TestApp, type TestClient } from '../support/test-app';

const PDFTOTEXT = '/usr/bin/pdftotext';
const PDFTOPPM = '/usr/bin/pdftoppm';
const ARTIFACTS = path.resolve('test-results/quote-pdf');
const SELLER = 'Nordlicht Büroplanung GmbH';
const POLISH = 'Zażółć gęślą jaźń Sp. z o.o.';
const TURKISH = 'Şişli Yazılım A.Ş.';
const NOT_FOUND = { message: 'Configuration not found', error: 'Configuration not found', code: 'NOT_FOUND' };

// The test's own oracle for amounts: en-IE euro, a negative with the typeset minus sign (U+2212).
const euroFormat = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const euro = (n: number) => euroFormat.format(n).replace(/^-/, '\u2212');
const unitFormat = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 4 });

let t: TestApp;
let ids: DemoIds;
let owner: TestClient;
let admin: TestClient;
let stranger: TestClient;
let tmp: string;

interface Line {
  kind: string;
  period: 'monthly' | 'one_time';
  label: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  waived?: boolean;
  originalAmount?: number;
}
interface Snapshot {
  total: number;
  oneTimeCosts: number;
  yearlyTotal: number;
  tcv: number;
  paidMonths: number;
  freeMonths: number;
  contractMonths: number;
  pricingModel: 'sqm' | 'user';
  breakdowns: Line[];
}

interface Pdf {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  lines: string[];
  /** each page's text (pdftotext ends a page with a form feed) */
  pageTexts: string[];
  pages: number;
  file: string;
}

async function fetchPdf(client: TestClient | null, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Pdf> {
  const headers: Record<string, string> = {};
  if (client?.cookie) headers.cookie = client.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await t.app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const bytes = Buffer.from(await res.arrayBuffer());
  const file = path.join(tmp, `q-${Math.random().toString(36).slice(2)}.pdf`);
  let text = '';
  if (res.status === 200) {
    fs.writeFileSync(file, bytes);
    text = execFileSync(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', file, '-']).toString('utf8');
  }
  const pageCount = /Page \d+ of (\d+)/.exec(text)?.[1];
  const pageTexts = text.split('\f').filter((p) => p.trim() !== '');
  return { status: res.status, headers: res.headers, bytes, text, lines: text.split('\n'), pageTexts, pages: Number(pageCount ?? 0), file };
}

/** The single printed line holding `label` and ending in `amount` (the table's right-aligned column). */
function rowWith(pdf: Pdf, label: string, amount: string): string | undefined {
  return pdf.lines.find((l) => l.includes(label) && l.trimEnd().endsWith(amount));
}

/** Which text the PDF prints for a line's description (the engine's label, with the package's base price spelt out). */
function printedLabel(l: Line, s: Snapshot): string {
  if (l.kind === 'base') return `${l.label} package, base price`;
  if (l.kind === 'variable') return s.pricingModel === 'user' ? 'Users' : 'Units';
  if (l.kind === 'locations') return 'Additional locations';
  return l.label;
}

/** Every line item of the snapshot with its amount, each total, and the contract sentence. */
function expectFiguresOf(pdf: Pdf, s: Snapshot): void {
  let checked = 0;
  for (const l of s.breakdowns) {
    const label = printedLabel(l, s);
    if (l.kind === 'addon_setup' && l.waived) {
      const row = rowWith(pdf, label, 'Waived');
      expect(row, `${label} reads as waived`).toBeDefined();
      expect(row).toContain(euro(l.originalAmount ?? 0));
      checked++;
      continue;
    }
    // Lines that say nothing are left out: no extra locations, a zero discount, an add-on without a setup fee.
    if (l.amount === 0 && l.kind !== 'base' && l.kind !== 'variable' && l.kind !== 'package_setup') {
      expect(pdf.lines.some((x) => x.includes(label) && x.trimEnd().endsWith(euro(0)))).toBe(false);
      continue;
    }
    const row = rowWith(pdf, label, euro(l.amount));
    expect(row, `a line "${label}" ending in ${euro(l.amount)}`).toBeDefined();
    if (l.kind === 'variable') expect(row).toContain(unitFormat.format(l.unitPrice));
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
  expect(rowWith(pdf, 'Monthly total', euro(s.total))).toBeDefined();
  expect(rowWith(pdf, 'One-time total', euro(s.oneTimeCosts))).toBeDefined();
  expect(rowWith(pdf, 'Yearly total', euro(s.yearlyTotal))).toBeDefined();
  expect(rowWith(pdf, 'Total contract value', euro(s.tcv))).toBeDefined();
  expect(pdf.text).toContain(`${s.paidMonths} paid months × ${euro(s.total)} + ${euro(s.oneTimeCosts)} one-time fees`);
  // free months are said in the contract sentence when there are any, never as "Free months 0"
  expect(pdf.text).not.toMatch(/Free months/);
  const free = `plus ${s.freeMonths} free ${s.freeMonths === 1 ? 'month' : 'months'}: ${s.contractMonths} months in all`;
  if (s.freeMonths > 0) expect(pdf.text).toContain(free);
  else expect(pdf.text).not.toContain('free month');
  // a negative amount has the minus sign, never a hyphen
  expect(pdf.text).not.toMatch(/-€/);
}

function pageImages(pdf: Pdf, name: string): string[] {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const prefix = path.join(ARTIFACTS, name);
  for (const f of fs.readdirSync(ARTIFACTS)) if (f.startsWith(`${name}-`)) fs.rmSync(path.join(ARTIFACTS, f));
  execFileSync(PDFTOPPM, ['-png', '-r', '80', pdf.file, prefix]);
  return fs.readdirSync(ARTIFACTS).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'));
}

/** A quote with a bit of everything: waived fee, unit, percentage, fixed, setup and free-month discounts, custom items. */
function richQuote(customerCompany: string) {
  return {
    name: 'Internal name, never printed',
    customerCompany,
    packageId: ids.pkg('Advanced'),
    squareMeters: 5200,
    locations: 3,
    addOns: [{ id: ids.addOn('Single Sign-On (SSO)'), waiveSetupFee: true }, ids.addOn('Premium Support'), ids.addOn('Room Display Panels')],
    discountIds: [
      ids.discount('3-Year Contract Discount'),
      ids.discount('Large Floor Space'),
      ids.discount('Welcome Credit'),
      ids.discount('Annual Prepay Bonus'),
      ids.discount('Multi-Site Setup Discount'),
    ],
    contractDuration: 36,
    paymentFrequency: 'annually',
    customItems: [
      { name: 'On-site training (2 days)', description: 'Two trainers, up to 20 people', price: 1800, isOneTime: true },
      { name: 'Extra storage 500 GB', description: '', price: 39.5, isOneTime: false },
      { name: 'Schön & Café: Győr office, Жуковский', description: 'Names in any European script', price: 12.34, isOneTime: false },
    ],
  };
}

beforeAll(async () => {
  if (!fs.existsSync(PDFTOTEXT) || !fs.existsSync(PDFTOPPM)) {
    throw new Error(`${PDFTOTEXT} or ${PDFTOPPM} is missing: install Debian's poppler-utils (apt-get install poppler-utils; .ci/run does)`);
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-pdf-'));
  t = await createTestApp({ env: { COMPANY_NAME: SELLER } });
  ids = demoIds(t);
  owner = await t.login(USER.email, USER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  const reg = registration({ companyName: 'Elsewhere Ltd' });
  expect((await t.client().post('/api/register', reg)).status).toBe(201);
  stranger = await t.login(reg.email, reg.password);
});
afterAll(() => {
  t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function save(client: TestClient, body: Record<string, unknown>): Promise<{ id: number; snapshot: Snapshot }> {
  const res = await client.post('/api/configurations', body);
  expect(res.status).toBe(201);
  return res.body;
}

describe('a saved quote', () => {
  it('prints every line, each total and the contract value of the stored snapshot, to the cent', async () => {
    const saved = await save(owner, richQuote(POLISH));
    const pdf = await fetchPdf(owner, 'GET', `/api/configurations/${saved.id}/pdf`);
    expect(pdf.status).toBe(200);
    expectFiguresOf(pdf, saved.snapshot);

    // the snapshot really has what this test is about
    const kinds = new Set(saved.snapshot.breakdowns.map((l) => l.kind));
    for (const k of ['base', 'variable', 'locations', 'addon', 'addon_setup', 'custom_recurring', 'custom_one_time', 'discount'])
      expect(kinds).toContain(k);
    expect(saved.snapshot.freeMonths).toBe(1);

    // header, who and what
    const number = `Q-${String(saved.id).padStart(6, '0')}`;
    expect(pdf.text).toContain(SELLER);
    expect(pdf.text).toContain('Quotation');
    expect(pdf.text).toContain(number);
    // the quote is named by package and customer (the document the customer gets too), never by its internal name
    expect(pdf.text.replace(/\s+/g, ' ')).toMatch(/Advanced for Zażółć gęślą jaźń Sp\. z .*o\.o\./);
    expect(pdf.text).not.toContain('Internal name');
    // prepared by the owner, with their email: the customer's contact
    expect(pdf.text).toContain('Sam Sales');
    expect(pdf.text).toContain(USER.email);
    expect(pdf.text).toContain('Unit-Based, 5,200 units');
    expect(pdf.text).toContain('3 years (36 months)');
    expect(pdf.text).toContain('Annual');
    expect(pdf.text).toContain('Setup fee waived');
    expect(pdf.text).toContain('All prices in euro, excluding VAT');
    expect(pdf.text).toContain('Schön & Café: Győr office, Жуковский');
    expect(pdf.text).toContain(`Page 1 of ${pdf.pages}`);
    // the order of the document: monthly lines, their total, one-time lines, their total, the contract value
    const at = (s: string) => pdf.text.indexOf(s);
    expect(at('Monthly total')).toBeGreaterThan(at('Units'));
    expect(at('Advanced setup fee')).toBeGreaterThan(at('Monthly total'));
    expect(at('One-time total')).toBeGreaterThan(at('Multi-Site Setup Discount'));
    expect(at('Total contract value')).toBeGreaterThan(at('One-time total'));

    expect(pageImages(pdf, 'typical').length).toBe(pdf.pages);
  });

  it('shows the number with its revision, who it is prepared for, its validity and status; a draft is marked as a draft', async () => {
    const saved = await save(owner, {
      name: 'Initech HQ',
      packageId: ids.pkg('Entry'),
      squareMeters: 200,
      customerCompany: 'Initech',
      customerName: 'Bill Lumbergh',
      customerEmail: 'bill@initech.test',
      validUntil: '2026-04-15',
    });
    const number = `Q-${String(saved.id).padStart(6, '0')}`;
    const draft = await fetchPdf(owner, 'GET', `/api/configurations/${saved.id}/pdf`);
    expect(draft.text).toContain(`${number} · Revision 1`);
    expect(draft.text).toContain('DRAFT');
    for (const s of ['PREPARED FOR', 'Initech', 'Bill Lumbergh', 'bill@initech.test', 'VALID UNTIL', '15 April 2026', 'STATUS', 'Draft']) {
      expect(draft.text).toContain(s);
    }
    pageImages(draft, 'life-draft');
    await owner.post(`/api/configurations/${saved.id}/status`, { status: 'sent' });
    const sent = await fetchPdf(owner, 'GET', `/api/configurations/${saved.id}/pdf`);
    expect(sent.text).not.toContain('DRAFT');
    expect(sent.text).toMatch(/STATUS[\s\S]*Sent/);
  });

  it('answers a PDF attachment with a safe file name from the quote number, package and customer', async () => {
    const polish = await save(owner, { name: 'x', customerCompany: POLISH, packageId: ids.pkg('Entry'), squareMeters: 200 });
    const turkish = await save(owner, { name: 'x', customerCompany: TURKISH, packageId: ids.pkg('Entry'), squareMeters: 200 });
    const p = await fetchPdf(owner, 'GET', `/api/configurations/${polish.id}/pdf`);
    const n = (id: number) => `Q-${String(id).padStart(6, '0')}`;
    expect(p.status).toBe(200);
    expect(p.headers.get('content-type')).toBe('application/pdf');
    expect(p.headers.get('cache-control')).toContain('no-store');
    expect(p.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(p.headers.get('content-disposition')).toBe(
      `attachment; filename="${n(polish.id)}-entry-for-zazolc-gesla-jazn-sp-z-o-o.pdf"; filename*=UTF-8''${encodeURIComponent(`${n(polish.id)}-entry-for-zażółć-gęślą-jaźń-sp-z-o-o.pdf`)}`,
    );
    expect(p.text).toContain(POLISH);

    const tr = await fetchPdf(owner, 'GET', `/api/configurations/${turkish.id}/pdf`);
    expect(tr.headers.get('content-disposition')).toContain(`filename="${n(turkish.id)}-entry-for-sisli-yazilim-a-s.pdf"`);
    expect(tr.text).toContain(TURKISH);
    expect(tr.pages).toBe(1);
    expect(pageImages(tr, 'one-page')).toEqual(['one-page-1.png']);

    // a name with nothing printable in ASCII, quotes and slashes: still a safe name
    const odd = await save(owner, { name: 'x', customerCompany: 'Жук "../../etc" \\ ;', packageId: ids.pkg('Entry'), squareMeters: 100 });
    const o = await fetchPdf(owner, 'GET', `/api/configurations/${odd.id}/pdf`);
    const cd = o.headers.get('content-disposition') ?? '';
    expect(cd).toMatch(new RegExp(`^attachment; filename="${n(odd.id)}-entry-for-etc\\.pdf"; filename\\*=UTF-8''[A-Za-z0-9%._-]+$`));
    expect(decodeURIComponent(cd.split("''")[1] ?? '')).toBe(`${n(odd.id)}-entry-for-жук-etc.pdf`);
  });

  it('is printed from the stored snapshot, not priced again after a catalogue change', async () => {
    const saved = await save(owner, richQuote('Before the price change'));
    const pkg = (await admin.get('/api/packages')).body.find((p: { name: string }) => p.name === 'Advanced');
    expect((await admin.patch(`/api/packages/${pkg.id}`, { basePrice: '333.00', setupFee: '1.00' })).status).toBe(200);
    try {
      const pdf = await fetchPdf(owner, 'GET', `/api/configurations/${saved.id}/pdf`);
      expectFiguresOf(pdf, saved.snapshot);
      expect(pdf.text).not.toContain('€333.00');
      const live = (await owner.post('/api/quote', { ...richQuote('x'), selectedDiscountIds: richQuote('x').discountIds })).body;
      expect(live.basePrice).toBe(333);
      expect(live.tcv).not.toBe(saved.snapshot.tcv);
    } finally {
      await admin.patch(`/api/packages/${pkg.id}`, { basePrice: pkg.basePrice, setupFee: pkg.setupFee });
    }
  });

  it('opens for an admin; prepared by is the creator', async () => {
    const saved = await save(owner, { name: 'For the admin', packageId: ids.pkg('Ultimate'), userCount: 40, pricingModel: 'user' });
    const pdf = await fetchPdf(admin, 'GET', `/api/configurations/${saved.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.text).toContain('Sam Sales');
    expect(pdf.text).not.toContain('Ada Admin');
    expect(pdf.text).toContain('User-Based, 40 users');
    expectFiguresOf(pdf, saved.snapshot);
  });
});

describe('access and errors are JSON, never a broken file', () => {
  it('another user gets the usual 404, as for an id that does not exist', async () => {
    const saved = await save(owner, { name: 'Private', packageId: ids.pkg('Entry'), squareMeters: 100 });
    for (const url of [`/api/configurations/${saved.id}/pdf`, '/api/configurations/999999/pdf']) {
      const res = await stranger.get(url);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('anonymous gets 401 JSON on both routes', async () => {
    const saved = await save(owner, { name: 'Anon', packageId: ids.pkg('Entry'), squareMeters: 100 });
    for (const res of [
      await t.client().get(`/api/configurations/${saved.id}/pdf`),
      await t.client().post('/api/quote/pdf', { packageId: ids.pkg('Entry') }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String), error: expect.any(String) });
    }
  });

  it('a malformed id is a JSON 404; bad form data a JSON 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await owner.get(`/api/configurations/${id}/pdf`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    const unknown = await owner.post('/api/quote/pdf', { packageId: 987654 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: 'Selected package not found', error: 'Selected package not found', code: 'BAD_REQUEST' });
    const broken = await owner.request('POST', '/api/quote/pdf', '{"packageId": ');
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toContain('application/json');
    const notObject = await owner.request('POST', '/api/quote/pdf', '[1,2]');
    expect(notObject.status).toBe(400);
  });
});

describe('an unsaved quote (POST /api/quote/pdf)', () => {
  it('prints the figures the server prices for the same form, as a draft prepared by the current user', async () => {
    const { name: _name, discountIds, ...rest } = richQuote('');
    const form = { ...rest, selectedDiscountIds: discountIds };
    const quote = await owner.post('/api/quote', form);
    expect(quote.status).toBe(200);
    const pdf = await fetchPdf(owner, 'POST', '/api/quote/pdf', form);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="DRAFT-unsaved-quote.pdf"; filename*=UTF-8''DRAFT-unsaved-quote.pdf`);
    expectFiguresOf(pdf, quote.body);
    expect(pdf.text).toContain('DRAFT');
    expect(pdf.text).toContain('Unsaved quote');
    expect(pageImages(pdf, 'draft').length).toBe(pdf.pages);

    // prepared by whoever asks
    const byAdmin = await fetchPdf(admin, 'POST', '/api/quote/pdf', form);
    expect(byAdmin.text).toContain('Ada Admin');
    expect(byAdmin.text).not.toContain('Sam Sales');
  });

  it('prints only what could be saved: too many or too long custom items are a 400 naming the limit', async () => {
    const base = { packageId: ids.pkg('Entry') };
    const many = Array.from({ length: 201 }, (_, i) => ({ name: `Item ${i}`, price: 1 }));
    const tooMany = await owner.post('/api/quote/pdf', { ...base, customItems: many });
    expect(tooMany.status).toBe(400);
    // the quote form's own limit or the saved configuration's: either names it
    expect(tooMany.body).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^A (quote|configuration) can have at most 200 custom items$/),
    });
    const longName = await owner.post('/api/quote/pdf', { ...base, customItems: [{ name: 'x'.repeat(201), price: 1 }] });
    expect(longName.status).toBe(400);
    expect(longName.body.message).toBe('Custom item names must be at most 200 characters');
    const longText = await owner.post('/api/quote/pdf', { ...base, customItems: [{ name: 'x', description: 'y'.repeat(1001), price: 1 }] });
    expect(longText.body.message).toBe('Custom item descriptions must be at most 1000 characters');
  });

  it('answers a PDF or a JSON error for any body, never a 500', async () => {
    const valid = {
      packageId: ids.pkg('Advanced'),
      pricingModel: 'user',
      userCount: 30,
      locations: 2,
      addOns: [{ id: 1, waiveSetupFee: true }],
      customItems: [{ name: 'Ж', price: 10, isOneTime: true }],
      selectedDiscountIds: [1, 6],
      contractDuration: 24,
      paymentFrequency: 'quarterly',
    };
    const junk = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('', 'NaN', '1e400', -1, 1e21, 2 ** 53 + 1, 0.005, null, [], {}));
    const body = fc.oneof(
      fc.tuple(fc.constantFrom(...Object.keys(valid)), junk).map(([k, v]) => ({ ...valid, [k]: v })),
      fc.dictionary(fc.constantFrom(...Object.keys(valid)), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await t.app.request('/api/quote/pdf', {
          method: 'POST',
          headers: { cookie: owner.cookie!, 'content-type': 'application/json' },
          body: JSON.stringify(b),
        });
        const type = res.headers.get('content-type') ?? '';
        const bytes = Buffer.from(await res.arrayBuffer());
        if (res.status === 200) {
          expect(type).toBe('application/pdf');
          expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        } else {
          expect(res.status).toBe(400);
          expect(type).toContain('application/json');
        }
      }),
      { numRuns: 40 },
    );
  });

  it('ignores totals a client sends', async () => {
    const form = { packageId: ids.pkg('Entry'), squareMeters: 300, total: 1, tcv: 2, oneTimeCosts: 0 };
    const quote = (await owner.post('/api/quote', form)).body;
    const pdf = await fetchPdf(owner, 'POST', '/api/quote/pdf', form);
    expectFiguresOf(pdf, quote);
    expect(quote.total).toBeGreaterThan(1);
  });
});

describe('a long quote', () => {
  it('flows onto further pages with the table header repeated and page numbers on every page', async () => {
    const pkg = ids.pkg('Ultimate');
    const addOnIds: number[] = [];
    for (let i = 1; i <= 50; i++) {
      const res = await admin.post('/api/addons', {
        name: `Module ${String(i).padStart(2, '0')} – Ελληνικά ł ő`,
        categoryId: 1,
        setupFee: i % 3 === 0 ? 0 : 10 * i + 0.55,
        monthlyFee: i + 0.99,
        availableForPackages: [pkg],
      });
      expect(res.status).toBe(201);
      addOnIds.push(res.body.id);
    }
    const customItems = Array.from({ length: 100 }, (_, i) => ({
      name: `Custom line ${i + 1}`,
      description: i % 10 === 0 ? 'A longer description that explains what this line is for, in a sentence or two.' : '',
      price: 1 + i * 1.01,
      isOneTime: i % 4 === 0,
    }));
    const saved = await save(owner, {
      name: 'Large rollout with everything',
      packageId: pkg,
      squareMeters: 12000,
      locations: 8,
      addOns: addOnIds.map((id, i) => ({ id, waiveSetupFee: i % 7 === 0 })),
      discountIds: [ids.discount('3-Year Contract Discount'), ids.discount('Multi-Site Setup Discount')],
      contractDuration: 36,
      customItems,
    });
    const pdf = await fetchPdf(owner, 'GET', `/api/configurations/${saved.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.pages).toBeGreaterThan(1);
    for (let p = 1; p <= pdf.pages; p++) expect(pdf.text).toContain(`Page ${p} of ${pdf.pages}`);
    expect(pdf.text).toContain('Page 2 of');
    expect(pdf.text).toContain('Monthly (continued)');
    // the header once per table, and again on every page a table continues
    const headers = pdf.lines.filter((l) => /DESCRIPTION\s+QTY\s+UNIT PRICE\s+AMOUNT/.test(l)).length;
    const continued = pdf.lines.filter((l) => /\(continued\)/.test(l)).length;
    expect(continued).toBeGreaterThanOrEqual(2);
    expect(headers).toBe(2 + continued);
    expectFiguresOf(pdf, saved.snapshot);
    expect(pdf.text).toContain('Module 50 – Ελληνικά ł ő');

    expect(pageImages(pdf, 'long').length).toBe(pdf.pages);
  });
});

describe('the PDF reads in one go', () => {
  const COMPANY = {
    name: SELLER,
    address: 'Hafenstraße 12\n20457 Hamburg',
    email: 'sales@nordlicht.test',
    phone: '+49 40 1234567',
    vatNumber: 'DE123456789',
    terms: null,
  };

  /** Twelve printed lines, four of them with a second line: the quote a customer typically gets. */
  function twelveLines() {
    return {
      name: 'Twelve lines',
      customerCompany: 'Acme Corporation',
      customerName: 'Jane Customer',
      customerEmail: 'jane@acme.test',
      packageId: ids.pkg('Advanced'),
      squareMeters: 1200,
      locations: 3,
      addOns: [{ id: ids.addOn('Single Sign-On (SSO)'), waiveSetupFee: true }, ids.addOn('Premium Support'), ids.addOn('Business Support')],
      discountIds: [ids.discount('2-Year Contract Discount'), ids.discount('Annual Prepay Bonus'), ids.discount('Multi-Site Setup Discount')],
      contractDuration: 24,
      paymentFrequency: 'annually',
      customItems: [{ name: 'Extra training', description: 'Two hours a month', price: 45.5, isOneTime: false }],
    };
  }

  /** The rows the PDF prints: a table row ends in an amount and is neither a total nor a summary figure. */
  const tableRows = (page: string) =>
    page.split('\n').filter((l) => /(\u2212?€[\d,]+\.\d\d|Waived)\s*$/.test(l) && !/(total|Total contract value)\b/i.test(l));

  it("a quote of twelve lines, the seller's details and the customer's acceptance fits one A4 page", async () => {
    expect((await admin.put('/api/admin/company', COMPANY)).status).toBe(200);
    const saved = await save(owner, twelveLines());
    const owners = await fetchPdf(owner, 'GET', `/api/configurations/${saved.id}/pdf`);
    expect(tableRows(owners.text)).toHaveLength(12);
    expect(owners.text).toContain('Hafenstraße 12, 20457 Hamburg');
    expect(owners.text).toContain('plus 1 free month: 25 months in all');
    expect(owners.pages).toBe(1);

    const share = await owner.post(`/api/configurations/${saved.id}/share`);
    const token = (share.body.url as string).split('/q/')[1]!;
    const sent = await fetchPdf(null, 'GET', `/api/shared/${token}/pdf`);
    expect(sent.pages).toBe(1);
    const accepted = await t.client().post(`/api/shared/${token}/accept`, { name: 'Jane Customer', email: 'jane@acme.test', consent: true });
    expect(accepted.status).toBe(200);
    const customers = await fetchPdf(null, 'GET', `/api/shared/${token}/pdf`);
    expect(customers.text).toContain('Accepted');
    expect(customers.text).toMatch(/Fingerprint \(SHA-256\)\s+[0-9a-f]{64}/);
    expectFiguresOf(customers, saved.snapshot);
    expect(customers.pages).toBe(1);
    expect(pageImages(customers, 'twelve-lines-accepted')).toEqual(['twelve-lines-accepted-1.png']);
  });

  it('on longer quotes the totals never stand alone on a page: the last lines go with them', async () => {
    // one more line at a time moves the end of each table down its page by a row: past the points where the monthly
    // total and then the summary no longer fit below the last lines, and on
    for (let extra = 42; extra <= 52; extra++) {
      const form = twelveLines();
      form.customItems = Array.from({ length: extra }, (_, i) => ({
        name: `Custom line ${i + 1}`,
        description: '',
        price: 10 + i,
        isOneTime: i % 2 === 1,
      }));
      const saved = await save(owner, form);
      const pdf = await fetchPdf(owner, 'GET', `/api/configurations/${saved.id}/pdf`);
      expect(pdf.pages, `${extra} custom lines`).toBeGreaterThan(1);
      for (const label of ['Monthly total', 'One-time total', 'Total contract value']) {
        const page = pdf.pageTexts.find((p) => p.includes(label))!;
        expect(tableRows(page).length, `${label} with ${extra} custom lines has lines above it on its page`).toBeGreaterThanOrEqual(3);
      }
      expectFiguresOf(pdf, saved.snapshot);
    }
    expect((await admin.put('/api/admin/company', { ...COMPANY, address: null, email: null, phone: null, vatNumber: null })).status).toBe(200);
  });
});
