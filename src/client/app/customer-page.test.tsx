// @vitest-environment jsdom
// The customer's page as the customer reads it, against a real in-process app: the lines and totals as the PDF prints
// them, the moments of the answer in Europe/Amsterdam with the zone named whatever zone the browser is in, and the
// page for a link that is not valid (docs/PRODUCT.md "The customer's page").
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../tests/support/clock';
import { demoIds, type DemoIds } from '../../../tests/support/configurations';
import { createTestApp, USER, type TestApp, type TestClient } from '../../../tests/support/test-app';
import { App } from './App';
import { renderUi } from '../test/render';
import { appFetch } from '../test/server-fetch';

// The test's own euro: en-IE, a negative with the typeset minus sign (U+2212).
const EURO = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const euro = (amount: string | number) => EURO.format(Number(amount)).replace(/^-/, '\u2212');

let t: TestApp;
let clock: TestClock;
let ids: DemoIds;
let seller: TestClient;

beforeAll(async () => {
  clock = new TestClock(Date.parse('2026-06-20T08:00:00Z'));
  t = await createTestApp({ clock });
  ids = demoIds(t);
  seller = await t.login(USER!.email, USER!.password);
});
afterAll(() => t.closeWhenMailed());

interface Shared {
  token: string;
  quote: { totalMonthly: string; setupFees: string; tcv: string; snapshot: { breakdowns: { kind: string; label: string; amount: number }[] } };
}

/** A quote with a free month, a discount and an add-on without a setup fee, shared with its customer. */
async function shareQuote(): Promise<Shared> {
  const saved = await seller.post('/api/configurations', {
    name: 'Acme head office',
    customerCompany: 'Acme Corporation',
    customerName: 'Jane Customer',
    packageId: ids.pkg('Advanced'),
    squareMeters: 1200,
    locations: 3,
    addOns: [ids.addOn('Business Support'), { id: ids.addOn('Single Sign-On (SSO)'), waiveSetupFee: true }],
    discountIds: [ids.discount('2-Year Contract Discount'), ids.discount('Annual Prepay Bonus'), ids.discount('Multi-Site Setup Discount')],
    contractDuration: 24,
    paymentFrequency: 'annually',
    validUntil: '2026-12-31',
  });
  expect(saved.status).toBe(201);
  const share = await seller.post(`/api/configurations/${saved.body.id}/share`);
  return { token: (share.body.url as string).split('/q/')[1]!, quote: saved.body };
}

/** The page's text, its runs of white space as one space. */
const pageText = () => (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ');

async function openPage(path: string) {
  await renderUi(<App />, { path, fetch: appFetch(t) });
}

describe("the customer's page says what the PDF says", () => {
  it('free months, the one-time costs, each discount as a plain negative amount, no €0.00 setup line', async () => {
    const { token, quote } = await shareQuote();
    await openPage(`/q/${token}`);
    await screen.findByRole('heading', { name: /^Quote Q-\d{6}$/ });
    const text = pageText();
    expect(text).toContain('24 months + 1 free, billed annually');
    expect(text).toContain(`24 paid months × ${euro(quote.totalMonthly)} + ${euro(quote.setupFees)} one-time fees`);
    expect(text).toContain('plus 1 free month: 25 months in all');
    expect(text).not.toMatch(/Free months/);
    const discount = quote.snapshot.breakdowns.find((l) => l.kind === 'discount' && l.label === '2-Year Contract Discount')!;
    expect(discount.amount).toBeLessThan(0);
    const row = screen.getAllByTestId('quote-line').find((r) => r.textContent?.startsWith('2-Year Contract Discount'))!;
    expect(row.textContent).toBe(`2-Year Contract Discount5% off the monthly subtotal${euro(discount.amount)}`);
    expect(text).not.toContain('1 × ');
    expect(text).not.toContain('-€');
    // no setup line for an add-on without a setup fee; a waived one says so
    expect(text).not.toContain('Business Support setup fee');
    expect(text).not.toMatch(/setup fee[^€]*€0\.00/);
    const waived = screen.getAllByTestId('quote-line').find((r) => r.textContent?.startsWith('Single Sign-On (SSO) setup fee'))!;
    expect(waived.textContent).toBe('Single Sign-On (SSO) setup feeSetup fee waived1€250.00Waived');
    // the totals end their tables and the summary, to the cent
    const totals = screen.getByTestId('quote-totals').textContent;
    expect(totals).toContain(`Monthly total${euro(quote.totalMonthly)}`);
    expect(totals).toContain(`One-time total${euro(quote.setupFees)}`);
    expect(totals).toContain(`Total contract value${euro(quote.tcv)}`);
  });
});

describe('one time, one zone: the answer in Europe/Amsterdam, the zone named', () => {
  it('an acceptance in summer reads CEST, whatever zone the browser is in', async () => {
    const { token } = await shareQuote();
    clock.advance(Date.parse('2026-07-01T12:00:00Z') - clock.now().getTime());
    expect((await t.client().post(`/api/shared/${token}/accept`, { name: 'Jane Customer', email: 'jane@acme.test', consent: true })).status).toBe(
      200,
    );
    await openPage(`/q/${token}`);
    const block = await screen.findByTestId('accepted-block');
    expect(block.textContent).toContain('Date and time1 Jul 2026, 14:00 CEST');
  });

  it('an acceptance in winter reads CET; a decline says its moment the same way', async () => {
    const accepted = await shareQuote();
    const declined = await shareQuote();
    clock.advance(Date.parse('2026-11-27T02:06:00Z') - clock.now().getTime());
    expect(
      (await t.client().post(`/api/shared/${accepted.token}/accept`, { name: 'Jane Customer', email: 'jane@acme.test', consent: true })).status,
    ).toBe(200);
    expect((await t.client().post(`/api/shared/${declined.token}/decline`, { reason: 'Too early' })).status).toBe(200);
    await openPage(`/q/${accepted.token}`);
    expect((await screen.findByTestId('accepted-block')).textContent).toContain('Date and time27 Nov 2026, 03:06 CET');
    await openPage(`/q/${declined.token}`);
    expect(await screen.findByText('Declined on 27 Nov 2026, 03:06 CET')).toBeTruthy();
  });
});

describe('a link that is not valid', () => {
  it.each(['/q/', '/q', `/q/${'a'.repeat(32)}`, '/q/xyz/more'])(
    '%s: a page for the customer under the seller’s name, nothing of the app',
    async (path) => {
      await openPage(path);
      const notice = await screen.findByTestId('customer-notice');
      expect(await screen.findByText(t.config.companyName)).toBeTruthy();
      expect(notice.textContent).toBe(`${t.config.companyName}This link is not valid.Ask the sender for a new one.`);
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(screen.queryByText('Skip to main content')).toBeNull();
      expect(document.body.textContent).not.toContain('router');
      expect(document.body.textContent).not.toContain('404');
    },
  );
});
