// Share links (docs/API.md) through the REST door (and the tRPC door where it differs): share links, the customer's page, accept
// and decline, the owner's mails, the quote's timeline. The audit trail of the admin side: audit-trail.test.ts.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailLogs, owedMails, quoteShares } from '../../db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import { saveCustomerQuote, withDemoIds, type DemoIds } from '../support/configurations';
import { DAY } from '../support/clock';
import { euro } from '../support/documents';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, ADMIN, APP_URL, USER, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let ids: DemoIds;
let user: TestClient;
let admin: TestClient;
let customer: TestClient;

beforeAll(async () => {
  ({ t, admin, user, ids } = await withDemoIds(appWithAdminAndUser()));
  customer = t.client();
});
afterAll(() => t.closeWhenMailed());

const save = (extra: Record<string, unknown> = {}) =>
  saveCustomerQuote(user, ids, { name: 'Acme offices', customerCompany: 'Acme B.V.', customerEmail: 'ada@acme.test', ...extra });

async function share(id: number, as = user) {
  const res = await as.post(`/api/configurations/${id}/share`);
  expect(res.status).toBe(201);
  return { ...(res.body as { url: string; expiresAt: string }), token: (res.body.url as string).split('/q/')[1]! };
}

const get = (id: number, as = user) => as.get(`/api/configurations/${id}`);

/** Every id-like key anywhere in a JSON value: `id`, `packageId`, `refId`, `selectedDiscountIds`, … */
function idKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => idKeys(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(/(^id|Id|Ids)$/.test(k) ? [`${path}.${k}`] : []), ...idKeys(v, `${path}.${k}`)]);
  }
  return [];
}

describe('sharing a quote', () => {
  it('answers 201 { url, expiresAt }: a 160-bit token under APP_URL/q/, valid to the end of validUntil in Amsterdam, and the draft becomes sent', async () => {
    const q = await save();
    const res = await user.post(`/api/configurations/${q.id}/share`);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'url']);
    expect(res.body.url).toMatch(new RegExp(`^${APP_URL}/q/[a-z2-7]{32}$`));
    // validUntil 2026-03-31; summer time has begun in Amsterdam (UTC+2), so the day ends at 22:00 UTC.
    expect(res.body.expiresAt).toBe('2026-03-31T22:00:00.000Z');
    expect((await get(q.id)).body.status).toBe('sent');
    const token = (res.body.url as string).split('/q/')[1]!;
    const stored = t.db.select().from(quoteShares).where(eq(quoteShares.configurationId, q.id)).all();
    expect(stored.map((s) => s.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('a new link revokes the old one: the old answers 404, the new one the quote', async () => {
    const q = await save();
    const first = await share(q.id);
    const second = await share(q.id);
    expect((await customer.get(`/api/shared/${first.token}`)).status).toBe(404);
    expect((await customer.get(`/api/shared/${second.token}`)).status).toBe(200);
  });

  it('revoke answers 204, then 404 when no link is live; the revoked link is the same 404 as a made-up one', async () => {
    const q = await save();
    const link = await share(q.id);
    expect((await user.delete(`/api/configurations/${q.id}/share`)).status).toBe(204);
    expect((await user.delete(`/api/configurations/${q.id}/share`)).status).toBe(404);
    const revoked = await customer.get(`/api/shared/${link.token}`);
    const unknown = await customer.get(`/api/shared/${'a'.repeat(32)}`);
    const junk = await customer.get('/api/shared/not-a-token');
    expect([revoked.status, unknown.status, junk.status]).toEqual([404, 404, 404]);
    expect(revoked.text).toBe(unknown.text);
    expect(junk.text).toBe(unknown.text);
    expect(revoked.body.message).toBe('This quote link is not valid any more');
  });

  it("signed out it is a 401; an admin may share anyone's quote", async () => {
    const q = await save();
    const other = await t.login(ADMIN.email, ADMIN.password);
    const stranger = t.client();
    expect((await stranger.post(`/api/configurations/${q.id}/share`)).status).toBe(401);
    expect((await other.post(`/api/configurations/${q.id}/share`)).status).toBe(201);
  });

  it('an accepted quote may be shared again, read-only', async () => {
    const q = await save();
    const link = await share(q.id);
    expect((await customer.post(`/api/shared/${link.token}/accept`, { name: 'Ada', email: 'ada@acme.test', consent: true })).status).toBe(200);
    const again = await share(q.id);
    const view = await customer.get(`/api/shared/${again.token}`);
    expect(view.body).toMatchObject({ status: 'accepted', canRespond: false });
    expect((await customer.post(`/api/shared/${again.token}/decline`, {})).status).toBe(409);
  });
});

describe("the customer's view", () => {
  it('shows the stored quote exactly, with seller, prepared by / for, lines, and no id of a user or another quote', async () => {
    const q = await save();
    const link = await share(q.id);
    const res = await customer.get(`/api/shared/${link.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      number: q.number,
      revision: 1,
      status: 'sent',
      validUntil: '2026-03-31',
      totalMonthly: q.totalMonthly,
      setupFees: q.setupFees,
      tcv: q.tcv,
      packageName: 'Advanced',
      seller: { name: t.config.companyName, address: null, email: null, phone: null, vatNumber: null },
      terms: null,
      preparedBy: { name: 'Sam Sales', email: USER.email },
      preparedFor: { company: 'Acme B.V.', name: 'Ada Lovelace', email: 'ada@acme.test' },
      canRespond: true,
      acceptance: null,
      decline: null,
    });
    expect(res.body.lines.length).toBeGreaterThan(0);
    expect(res.body.lines[0]).toMatchObject({ label: expect.any(String), amount: expect.stringMatching(/^-?\d+\.\d{2}$/) });
    expect(idKeys(res.body)).toEqual([]);
    expect(res.text).not.toContain(`"${q.id}"`);
    // the customer knows the quote by number, package and their own name, never by its internal name
    expect(res.text).not.toContain('Acme offices');
  });

  it('says what the PDF says: lines named as printed, discounts as plain amounts, no setup line an add-on has not, free months', async () => {
    const q = await save({
      squareMeters: 1200,
      locations: 3,
      contractDuration: 24,
      paymentFrequency: 'annually',
      addOns: [{ id: ids.addOn('Single Sign-On (SSO)'), waiveSetupFee: true }, ids.addOn('Business Support')],
      discountIds: [ids.discount('2-Year Contract Discount'), ids.discount('Annual Prepay Bonus'), ids.discount('Multi-Site Setup Discount')],
    });
    const link = await share(q.id);
    const view = (await customer.get(`/api/shared/${link.token}`)).body;
    expect(view).toMatchObject({ paidMonths: 24, freeMonths: 1, contractMonths: 25 });
    const line = (label: string) => view.lines.find((l: { label: string }) => l.label === label);
    expect(line('Advanced package, base price')).toMatchObject({ period: 'monthly', quantity: 1, amount: '199.00', detail: null });
    expect(line('2-Year Contract Discount')).toMatchObject({
      kind: 'discount',
      amount: expect.stringMatching(/^-\d+\.\d\d$/),
      detail: '5% off the monthly subtotal',
    });
    expect(line('Single Sign-On (SSO) setup fee')).toMatchObject({ waived: true, unitPrice: 250, amount: '0.00', detail: 'Setup fee waived' });
    // Business Support has no setup fee, and the free month is no line of its own
    expect(line('Business Support setup fee')).toBeUndefined();
    expect(view.lines.filter((l: { amount: string; waived: boolean }) => l.amount === '0.00' && !l.waived)).toEqual([]);
    expect(view.lines.map((l: { label: string }) => l.label)).not.toContain('Annual Prepay Bonus');
  });

  it('a link made before lines were read from its snapshot answers them as the PDF prints them too', async () => {
    const q = await save({ addOns: [ids.addOn('Business Support')] });
    const link = await share(q.id);
    const row = t.db
      .select()
      .from(quoteShares)
      .where(eq(quoteShares.tokenHash, hashToken(link.token)))
      .get()!;
    const old = {
      ...(row.view as { view: Record<string, unknown> }),
      view: {
        ...(row.view as { view: Record<string, unknown> }).view,
        lines: [
          { kind: 'addon_setup', period: 'one_time', label: 'Business Support setup fee', quantity: 1, unitPrice: 0, amount: '0.00', waived: false },
        ],
      },
    };
    t.db.update(quoteShares).set({ view: old }).where(eq(quoteShares.tokenHash, row.tokenHash)).run();
    const view = (await customer.get(`/api/shared/${link.token}`)).body;
    expect(view.lines.map((l: { label: string }) => l.label)).toContain('Advanced package, base price');
    expect(view.lines.map((l: { label: string }) => l.label)).not.toContain('Business Support setup fee');
    expect(view).toMatchObject({ paidMonths: 12, freeMonths: 0, contractMonths: 12 });
  });

  it('GET /api/shared names the seller, for a page whose link is not valid (and tRPC shared.seller the same)', async () => {
    const res = await customer.get('/api/shared');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: t.config.companyName });
    expect(
      (
        await admin.put('/api/admin/company', {
          name: 'Nordlicht Workplace GmbH',
          address: 'Hafenstraße 12',
          email: null,
          phone: null,
          vatNumber: null,
          terms: null,
        })
      ).status,
    ).toBe(200);
    try {
      expect((await customer.get('/api/shared')).body).toEqual({ name: 'Nordlicht Workplace GmbH' });
      const trpc = await trpcCall(customer, 'query', 'shared.seller');
      expect(trpc.body.result.data).toEqual({ name: 'Nordlicht Workplace GmbH' });
    } finally {
      await admin.put('/api/admin/company', { name: t.config.companyName, address: null, email: null, phone: null, vatNumber: null, terms: null });
    }
  });

  it('a change of the quote after sharing does not change what the link shows', async () => {
    const q = await save();
    const link = await share(q.id);
    const patched = await user.patch(`/api/configurations/${q.id}`, { locations: 3, name: 'Renamed' });
    expect(patched.body.revision).toBe(2);
    const view = await customer.get(`/api/shared/${link.token}`);
    expect(view.body).toMatchObject({ revision: 1, tcv: q.tcv });
    expect(view.text).not.toContain('Renamed');
    // The revised quote went back to draft: what the customer holds can no longer be accepted.
    expect(view.body).toMatchObject({ status: 'draft', canRespond: false });
    expect((await customer.post(`/api/shared/${link.token}/accept`, { name: 'Ada', email: 'ada@acme.test', consent: true })).status).toBe(409);
  });

  it('records the first opening by the customer once (not the owner previewing it)', async () => {
    const q = await save();
    const link = await share(q.id);
    await user.get(`/api/shared/${link.token}`);
    const opened = () =>
      t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, q.id))
        .all()
        .filter((e) => e.entity === 'quote' && e.action === 'opened');
    expect(opened()).toHaveLength(0);
    await customer.get(`/api/shared/${link.token}`);
    await customer.get(`/api/shared/${link.token}`);
    expect(opened()).toHaveLength(1);
    expect(opened()[0]).toMatchObject({ userId: null, actor: 'Customer' });
    const status = await trpcCall(user, 'query', 'configurations.shareStatus', { id: q.id });
    expect(status.body.result.data.live.openedAt).toBe(t.clock.now().toISOString());
  });

  it('answers the PDF of the shared quote, an attachment named after its number', async () => {
    const q = await save();
    const link = await share(q.id);
    const res = await t.app.request(`/api/shared/${link.token}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(q.number);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await user.delete(`/api/configurations/${q.id}/share`);
    expect((await t.app.request(`/api/shared/${link.token}/pdf`)).status).toBe(404);
  });
});

describe('accept and decline', () => {
  it('accept: 200, the quote is accepted with { name, email, at, revision, address }; a second accept is a 409', async () => {
    const q = await save();
    const link = await share(q.id);
    const res = await customer.post(`/api/shared/${link.token}/accept`, { name: 'Ada Lovelace', email: 'ada@acme.test', consent: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', canRespond: false, acceptance: { name: 'Ada Lovelace', revision: 1 } });
    expect(idKeys(res.body)).toEqual([]);
    const stored = (await get(q.id)).body;
    expect(stored.status).toBe('accepted');
    expect(stored.acceptance).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@acme.test',
      at: t.clock.now().toISOString(),
      revision: 1,
      address: 'local',
      totalMonthly: q.totalMonthly,
      setupFees: q.setupFees,
      tcv: q.tcv,
      statement: res.body.statement,
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const again = await customer.post(`/api/shared/${link.token}/accept`, { name: 'Mallory', email: 'm@evil.test', consent: true });
    expect(again.status).toBe(409);
    expect((await get(q.id)).body.acceptance.name).toBe('Ada Lovelace');
    // The link keeps answering, read-only.
    expect((await customer.get(`/api/shared/${link.token}`)).body).toMatchObject({ status: 'accepted', canRespond: false });
  });

  it('accept needs a name and a valid email (400 with the message)', async () => {
    const q = await save();
    const link = await share(q.id);
    const noName = await customer.post(`/api/shared/${link.token}/accept`, { name: ' ', email: 'ada@acme.test', consent: true });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Please enter your name');
    const badEmail = await customer.post(`/api/shared/${link.token}/accept`, { name: 'Ada', email: 'nope', consent: true });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Please enter a valid email address');
  });

  it('decline: 200 with an optional reason, answered as decline { at, reason }', async () => {
    const q = await save();
    const link = await share(q.id);
    const res = await customer.post(`/api/shared/${link.token}/decline`, { reason: 'Too expensive for us' });
    expect(res.status).toBe(200);
    const stored = (await get(q.id)).body;
    expect(stored).toMatchObject({
      status: 'declined',
      decline: { at: t.clock.now().toISOString(), reason: 'Too expensive for us' },
      acceptance: null,
    });
    expect((await customer.post(`/api/shared/${link.token}/accept`, { name: 'Ada', email: 'ada@acme.test', consent: true })).status).toBe(409);
    const q2 = await save();
    const link2 = await share(q2.id);
    expect((await customer.post(`/api/shared/${link2.token}/decline`)).status).toBe(200);
    expect((await get(q2.id)).body.decline).toEqual({ at: t.clock.now().toISOString(), reason: null });
  });

  it('only a sent quote: a quote moved back to draft answers 409', async () => {
    const q = await save();
    const link = await share(q.id);
    expect((await user.post(`/api/configurations/${q.id}/status`, { status: 'draft' })).status).toBe(200);
    const res = await customer.post(`/api/shared/${link.token}/accept`, { name: 'Ada', email: 'ada@acme.test', consent: true });
    expect(res.status).toBe(409);
  });

  it('the owner gets an email on accept and on decline, through the email log', async () => {
    const q = await save({ name: 'Mail check' });
    const link = await share(q.id);
    await customer.post(`/api/shared/${link.token}/accept`, { name: 'Ada Lovelace', email: 'ada@acme.test', consent: true });
    const q2 = await save({ name: 'Mail check 2' });
    const link2 = await share(q2.id);
    await customer.post(`/api/shared/${link2.token}/decline`, { reason: 'Budget <cut>' });
    await t.mailed();
    const mails = t.db.select().from(emailLogs).where(eq(emailLogs.to, USER.email)).orderBy(desc(emailLogs.id)).all();
    const declined = mails.find((m) => m.type === 'quote_declined')!;
    const accepted = mails.find((m) => m.type === 'quote_accepted')!;
    const figures = (x: { totalMonthly: string; tcv: string }) => `${euro(x.totalMonthly)} per month, TCV ${euro(x.tcv)}`;
    expect(accepted).toMatchObject({ subject: `Quote ${q.number} was accepted: ${figures(q)}`, status: 'sent' });
    expect(accepted.content).toContain('Ada Lovelace');
    expect(accepted.content).toContain('revision 1');
    expect(accepted.content).toContain(`total contract value ${euro(q.tcv)}`);
    expect(declined).toMatchObject({ subject: `Quote ${q2.number} was declined: ${figures(q2)}`, status: 'sent' });
    expect(declined.content).toContain('Budget &lt;cut&gt;');
  });

  it('a browser signed in to the app cannot answer for the customer: 403 on both doors, nothing changes; the page says so first', async () => {
    const SIGNED_IN =
      "You are signed in to the app: the customer answers from their own browser. To record an answer given another way, set the quote's status.";
    const q = await save();
    const link = await share(q.id);
    const key = (await user.post('/api/account/api-keys', { name: 'CRM', scope: 'write' })).body.key as string;
    const entries = () =>
      t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, q.id))
        .all()
        .filter((e) => e.entity === 'quote').length;
    const before = entries();
    const answer = { name: 'Jane Customer', email: 'jane@acme.test', consent: true };
    for (const [as, headers] of [
      [user, {}],
      [admin, {}],
      [t.client(), { authorization: `Bearer ${key}` }],
    ] as const) {
      for (const [path, body] of [
        ['accept', answer],
        ['decline', { reason: 'no' }],
      ] as const) {
        const rest = await as.post(`/api/shared/${link.token}/${path}`, body, headers);
        expect([rest.status, rest.body.message], `REST ${path}`).toEqual([403, SIGNED_IN]);
        const trpc = await trpcCall(as, 'mutation', `shared.${path}`, { token: link.token, ...body }, headers);
        expect([trpc.status, trpc.body.error.message], `tRPC shared.${path}`).toEqual([403, SIGNED_IN]);
      }
    }
    expect((await get(q.id)).body).toMatchObject({ status: 'sent', acceptance: null, decline: null });
    expect(entries()).toBe(before);
    expect(
      t.db
        .select()
        .from(owedMails)
        .all()
        .filter((m) => (m.payload as { mail?: { metadata?: { quoteNumber?: string } } }).mail?.metadata?.quoteNumber === q.number),
    ).toEqual([]);
    // what the signed-in browser reads says it before anything is pressed; the customer's own browser is offered the answer
    expect((await user.get(`/api/shared/${link.token}`)).body).toMatchObject({ canRespond: false, notice: SIGNED_IN });
    expect((await trpcCall(admin, 'query', 'shared.view', { token: link.token })).body.result.data).toMatchObject({
      canRespond: false,
      notice: SIGNED_IN,
    });
    expect((await customer.get(`/api/shared/${link.token}`)).body).toMatchObject({ canRespond: true, notice: null });
    expect((await customer.post(`/api/shared/${link.token}/accept`, answer)).status).toBe(200);
  });

  it('the customer POSTs pass the origin check: another site is refused with 403', async () => {
    const q = await save();
    const link = await share(q.id);
    const res = await customer.post(
      `/api/shared/${link.token}/accept`,
      { name: 'Ada', email: 'ada@acme.test', consent: true },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect((await get(q.id)).body.status).toBe('sent');
  });
});

describe('the tRPC door', () => {
  it('shared.view and shared.pdfData carry no id of a package, add-on, discount, custom item or line anywhere in the answer', async () => {
    const q = await save({
      addOns: [{ id: ids.addOn('Room Display Panels'), waiveSetupFee: false }],
      customItems: [{ name: 'Onboarding day', description: 'On site', price: 450, isOneTime: true }],
      // Welcome Credit applies to Advanced; the 3-year discount does not apply to 12 months
      discountIds: [ids.discount('Welcome Credit'), ids.discount('3-Year Contract Discount')],
    });
    const { token } = await share(q.id);
    const view = await trpcCall(customer, 'query', 'shared.view', { token });
    const pdf = await trpcCall(customer, 'query', 'shared.pdfData', { token });
    expect([view.status, pdf.status]).toEqual([200, 200]);
    expect(idKeys(view.body.result.data)).toEqual([]);
    expect(idKeys(pdf.body.result.data)).toEqual([]);
    // what the document prints stays: the discount that applied with its terms, the item with its description
    const lines = pdf.body.result.data.document.quote.breakdowns as { label: string; detail?: string }[];
    expect(lines.find((l) => l.label === 'Welcome Credit')?.detail).toBe('€50.00 off per month');
    expect(lines.find((l) => l.label === 'Onboarding day')?.detail).toBe('On site');
    expect(lines.some((l) => l.label === '3-Year Contract Discount')).toBe(false);
    expect(pdf.text).not.toContain('3-Year Contract Discount');
    expect(pdf.body.result.data.document.quote).toMatchObject({ total: Number(q.totalMonthly), tcv: Number(q.tcv) });
  });

  it('shared.view, shared.accept and configurations.share answer as REST does', async () => {
    const q = await save();
    const made = await trpcCall(user, 'mutation', 'configurations.share', { id: q.id });
    expect(made.status).toBe(200);
    const token = (made.body.result.data.url as string).split('/q/')[1]!;
    const view = await trpcCall(customer, 'query', 'shared.view', { token });
    expect(view.body.result.data).toMatchObject({ number: q.number, status: 'sent' });
    const bad = await trpcCall(customer, 'query', 'shared.view', { token: 'b'.repeat(32) });
    expect(bad.status).toBe(404);
    const accepted = await trpcCall(customer, 'mutation', 'shared.accept', { token, name: 'Ada', email: 'ada@acme.test', consent: true });
    expect(accepted.body.result.data.status).toBe('accepted');
    const again = await trpcCall(customer, 'mutation', 'shared.accept', { token, name: 'Ada', email: 'ada@acme.test', consent: true });
    expect(again.status).toBe(409);
  });
});

describe("the quote's timeline", () => {
  it('GET /api/configurations/{id}/activity: every event of the quote, oldest first, the customer as userId null', async () => {
    const q = await save();
    await user.patch(`/api/configurations/${q.id}`, { locations: 2 });
    const link = await share(q.id);
    await customer.get(`/api/shared/${link.token}`);
    await user.delete(`/api/configurations/${q.id}/share`);
    const link2 = await share(q.id);
    await customer.post(`/api/shared/${link2.token}/accept`, { name: 'Ada', email: 'ada@acme.test', consent: true });
    const res = await user.get(`/api/configurations/${q.id}/activity`);
    expect(res.status).toBe(200);
    expect(res.body.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'revised',
      'status_changed',
      'shared',
      'opened',
      'link_revoked',
      'shared',
      'accepted',
    ]);
    const accepted = res.body.at(-1);
    expect(accepted).toMatchObject({ userId: null, entity: 'quote', entityId: q.id, before: { status: 'sent' } });
    expect(res.body[1]).toMatchObject({ before: { revision: 1 }, after: { revision: 2 } });
    expect((await admin.get(`/api/configurations/${q.id}/activity`)).status).toBe(200);
    const other = await t.login(ADMIN.email, ADMIN.password);
    expect((await other.get(`/api/configurations/999999/activity`)).status).toBe(404);
  });
});

describe('abuse', () => {
  it('the customer endpoints are limited per address (429 with Retry-After)', async () => {
    const limit = t.config.rateLimitShared;
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    // Without TRUST_PROXY every in-process request is the same 'local' address; count what is left of its window.
    let last = await customer.get(`/api/shared/${'c'.repeat(32)}`, headers);
    for (let i = 0; i < limit && last.status !== 429; i++) last = await customer.get(`/api/shared/${'c'.repeat(32)}`, headers);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(11 * 60_000);
  });

  it('an unknown token costs the same work as a revoked one: the same statements, one lookup of the link', async () => {
    const q = await save();
    const link = await share(q.id);
    await user.delete(`/api/configurations/${q.id}/share`);
    // every statement the request prepares, in order (drizzle prepares each query it runs)
    const statementsOf = async (token: string) => {
      const client = t.db.$client;
      const prepare = client.prepare;
      const seen: string[] = [];
      client.prepare = ((sql: string) => {
        seen.push(sql);
        return prepare.call(client, sql);
      }) as typeof prepare;
      try {
        expect((await trpcCall(customer, 'query', 'shared.view', { token })).status).toBe(404);
      } finally {
        client.prepare = prepare;
      }
      return seen;
    };
    const revoked = await statementsOf(link.token);
    const unknown = await statementsOf('d'.repeat(32));
    expect(revoked.filter((sql) => sql.includes('"quote_shares"'))).toHaveLength(1);
    expect(unknown).toEqual(revoked);
  });
});

describe('expiry', () => {
  it('after the last day of validUntil (Amsterdam) the link is the same 404; a later validUntil moves it', async () => {
    const q = await save({ validUntil: '2026-03-02' });
    const link = await share(q.id);
    expect(link.expiresAt).toBe('2026-03-02T23:00:00.000Z');
    t.clock.advance(2 * DAY);
    const gone = await customer.get(`/api/shared/${link.token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('This quote link is not valid any more');
    expect((await customer.post(`/api/shared/${link.token}/accept`, { name: 'Ada', email: 'ada@acme.test', consent: true })).status).toBe(404);
    expect((await user.patch(`/api/configurations/${q.id}`, { validUntil: '2026-04-30' })).status).toBe(200);
    expect((await customer.get(`/api/shared/${link.token}`)).status).toBe(200);
  });
});
