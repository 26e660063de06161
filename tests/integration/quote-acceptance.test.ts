// The customer's yes (docs/API.md "Share links", "The acceptance as evidence", "Views"): a link answers for exactly the
// revision it shows, consent is the server's rule, the acceptance keeps its evidence (figures, statement, the
// fingerprint of the accepted snapshot, recomputed here from the stored row), the customer's reads are counted, and
// the customer's PDF is the owner's document. Both doors.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/shared/canonical-json';
import { saveCustomerQuote, withDemoIds, type DemoIds } from '../support/configurations';
import { DAY, MINUTE } from '../support/clock';
import { euro, pdfText } from '../support/documents';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, type TestApp, type TestClient } from '../support/test-app';

const CHANGED = 'This quote has changed since it was sent to you';
const CONSENT = 'Please confirm that you accept this quote';
const ACCEPT = { name: 'Ada Lovelace', email: 'ada@acme.test', consent: true };

let t: TestApp;
let ids: DemoIds;
let user: TestClient;
let admin: TestClient;
let customer: TestClient;

beforeAll(async () => {
  ({ t, admin, user, ids } = await withDemoIds(appWithAdminAndUser()));
  customer = t.client();
});
afterAll(() => t.close());

const save = (extra: Record<string, unknown> = {}) =>
  saveCustomerQuote(user, ids, { name: 'Northwind HQ rollout', customerCompany: 'Contoso Ltd', customerEmail: 'ada@acme.test', ...extra });

async function share(id: number) {
  const res = await user.post(`/api/configurations/${id}/share`);
  expect(res.status).toBe(201);
  return (res.body.url as string).split('/q/')[1]!;
}

const get = async (id: number) => (await user.get(`/api/configurations/${id}`)).body;
const view = async (token: string) => (await customer.get(`/api/shared/${token}`)).body;

/** The text of the PDF at `url`, fetched as `as` (null: signed out). */
async function pdfTextAt(url: string, as: TestClient | null): Promise<string> {
  const headers: Record<string, string> = as?.cookie ? { cookie: as.cookie } : {};
  const res = await t.app.request(url, { headers });
  expect(res.status).toBe(200);
  return pdfText(new Uint8Array(await res.arrayBuffer()), t.dir);
}

describe('a link answers for exactly the revision it shows', () => {
  it('a revision after sharing, marked sent again from the Status menu: the old link offers nothing and accepting is a 409', async () => {
    const q = await save();
    const token = await share(q.id);
    expect((await view(token)).canRespond).toBe(true);

    const revised = await user.patch(`/api/configurations/${q.id}`, { squareMeters: 900 });
    expect(revised.body).toMatchObject({ revision: 2, status: 'draft', linkRevision: 1 });
    expect((await user.post(`/api/configurations/${q.id}/status`, { status: 'sent' })).status).toBe(200);

    const v = await view(token);
    expect(v).toMatchObject({ revision: 1, totalMonthly: q.totalMonthly, tcv: q.tcv, current: false, canRespond: false, acceptance: null });
    expect(v.notice).toBe(`${CHANGED}. Quote Configurator will send you the new version.`);

    const refused = await customer.post(`/api/shared/${token}/accept`, ACCEPT);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHANGED);
    const declined = await customer.post(`/api/shared/${token}/decline`, { reason: 'no' });
    expect(declined.status).toBe(409);
    expect(declined.body.message).toBe(CHANGED);

    const after = await get(q.id);
    expect(after).toMatchObject({ status: 'sent', revision: 2, acceptance: null, decline: null, linkRevision: 1 });
    // The owner shares the new revision: a new link that can be answered, the old one gone.
    const fresh = await share(q.id);
    expect((await get(q.id)).linkRevision).toBe(2);
    expect((await customer.get(`/api/shared/${token}`)).status).toBe(404);
    expect(await view(fresh)).toMatchObject({ revision: 2, current: true, canRespond: true, notice: null });
  });

  it('a re-price after sharing: the link keeps its figures and can no longer be answered (tRPC door too)', async () => {
    const q = await save({ squareMeters: 150 });
    const token = await share(q.id);
    const before = await view(token);
    const tier = t.db.$client
      .prepare('SELECT id, price_per_sqm_cents AS price_cents FROM price_tiers WHERE package_id = ? ORDER BY min_sqm LIMIT 1')
      .get(ids.pkg('Advanced')) as { id: number; price_cents: number };
    t.db.$client.prepare('UPDATE price_tiers SET price_per_sqm_cents = ? WHERE id = ?').run(tier.price_cents + 25, tier.id);
    try {
      const repriced = await user.post(`/api/configurations/${q.id}/reprice`);
      expect(repriced.status).toBe(200);
      expect(repriced.body.revision).toBe(2);
      expect(repriced.body.totalMonthly).not.toBe(q.totalMonthly);
      expect((await user.post(`/api/configurations/${q.id}/status`, { status: 'sent' })).status).toBe(200);

      const v = await trpcCall(customer, 'query', 'shared.view', { token });
      expect(v.body.result.data).toMatchObject({ revision: 1, totalMonthly: before.totalMonthly, current: false, canRespond: false });
      const refused = await trpcCall(customer, 'mutation', 'shared.accept', { token, ...ACCEPT });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(CHANGED);
      expect((await get(q.id)).status).toBe('sent');
    } finally {
      t.db.$client.prepare('UPDATE price_tiers SET price_per_sqm_cents = ? WHERE id = ?').run(tier.price_cents, tier.id);
    }
  });

  it('a draft moved back to sent without a change still answers for its link', async () => {
    const q = await save();
    const token = await share(q.id);
    expect((await user.post(`/api/configurations/${q.id}/status`, { status: 'draft' })).status).toBe(200);
    expect(await view(token)).toMatchObject({
      current: true,
      canRespond: false,
      notice: 'Quote Configurator is revising this quote and will send you the new version.',
    });
    expect((await customer.post(`/api/shared/${token}/accept`, ACCEPT)).status).toBe(409);
    expect((await user.post(`/api/configurations/${q.id}/status`, { status: 'sent' })).status).toBe(200);
    expect((await customer.post(`/api/shared/${token}/accept`, ACCEPT)).status).toBe(200);
  });
});

describe('consent is the server’s rule', () => {
  it('without consent: true the answer is 400 with its message, through both doors, and nothing changes', async () => {
    const q = await save();
    const token = await share(q.id);
    for (const body of [
      { name: 'Ada', email: 'ada@acme.test' },
      { name: 'Ada', email: 'ada@acme.test', consent: false },
      { name: 'Ada', email: 'ada@acme.test', consent: 'yes' },
    ]) {
      const res = await customer.post(`/api/shared/${token}/accept`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CONSENT);
    }
    const trpc = await trpcCall(customer, 'mutation', 'shared.accept', { token, name: 'Ada', email: 'ada@acme.test' });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe(CONSENT);
    expect(await get(q.id)).toMatchObject({ status: 'sent', acceptance: null });
  });
});

describe('the acceptance as evidence', () => {
  it('keeps name, email, time, revision, the figures, the exact statement, the address and the fingerprint of the accepted snapshot', async () => {
    const q = await save({ squareMeters: 1200, locations: 3 });
    const token = await share(q.id);
    const shown = await view(token);
    expect(shown.statement).toBe(
      `I accept quote ${q.number}, revision 1, from Quote Configurator: ${euro(q.totalMonthly)} per month, ${euro(q.setupFees)} one-time fees, ${euro(q.tcv)} total contract value.`,
    );
    const res = await customer.post(`/api/shared/${token}/accept`, ACCEPT);
    expect(res.status).toBe(200);

    const stored = t.db.$client.prepare('SELECT snapshot, acceptance FROM configurations WHERE id = ?').get(q.id) as {
      snapshot: string;
      acceptance: string;
    };
    const fingerprint = createHash('sha256')
      .update(canonicalJson(JSON.parse(stored.snapshot)))
      .digest('hex');
    const evidence = {
      name: 'Ada Lovelace',
      email: 'ada@acme.test',
      at: t.clock.now().toISOString(),
      revision: 1,
      totalMonthly: q.totalMonthly,
      setupFees: q.setupFees,
      tcv: q.tcv,
      statement: shown.statement,
      fingerprint,
      address: 'local',
    };
    expect(JSON.parse(stored.acceptance)).toEqual(evidence);
    expect((await get(q.id)).acceptance).toEqual(evidence);
    expect((await admin.get(`/api/configurations/${q.id}`)).body.acceptance).toEqual(evidence);
    const listed = (await user.get('/api/configurations')).body.find((c: { id: number }) => c.id === q.id);
    expect(listed.acceptance).toEqual(evidence);
    expect(res.body.acceptance).toEqual({ name: 'Ada Lovelace', email: 'ada@acme.test', at: evidence.at, revision: 1, fingerprint });
    // The audit entry carries the same evidence.
    const audit = (await user.get(`/api/configurations/${q.id}/activity`)).body.at(-1);
    expect(audit).toMatchObject({ action: 'accepted', userId: null, after: { status: 'accepted', ...evidence } });
  });

  it('the fingerprint is the SHA-256 of the canonical JSON of the stored snapshot (a worked example)', async () => {
    const q = await save({ squareMeters: 250 });
    const token = await share(q.id);
    await customer.post(`/api/shared/${token}/accept`, ACCEPT);
    const row = t.db.$client.prepare('SELECT snapshot FROM configurations WHERE id = ?').get(q.id) as { snapshot: string };
    // The canonical form as docs/API.md describes it, written out by hand for this test: sorted keys, no spaces.
    const canonical = (v: unknown): string =>
      Array.isArray(v)
        ? `[${v.map(canonical).join(',')}]`
        : v !== null && typeof v === 'object'
          ? `{${Object.keys(v)
              .sort()
              .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
              .join(',')}}`
          : JSON.stringify(v);
    const expected = createHash('sha256')
      .update(canonical(JSON.parse(row.snapshot)))
      .digest('hex');
    expect((await get(q.id)).acceptance.fingerprint).toBe(expected);
  });

  it('the owner cannot mark an expired quote accepted (409); the customer’s link of an expired quote is gone (404)', async () => {
    const q = await save({ validUntil: '2026-03-03' });
    const token = await share(q.id);
    t.clock.advance(3 * DAY);
    try {
      const res = await user.post(`/api/configurations/${q.id}/status`, { status: 'accepted' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This quote has expired: set a new valid-until date before marking it accepted');
      const trpc = await trpcCall(user, 'mutation', 'configurations.setStatus', { id: q.id, status: 'accepted' });
      expect(trpc.status).toBe(409);
      expect((await customer.post(`/api/shared/${token}/accept`, ACCEPT)).status).toBe(404);
      expect(await get(q.id)).toMatchObject({ status: 'sent', expired: true, acceptance: null });
    } finally {
      t.clock.advance(-3 * DAY);
    }
  });
});

describe('views', () => {
  it('counts each reading of the customer’s page, not the seller’s previews nor PDF downloads; the first is an audit entry', async () => {
    const q = await save();
    expect((await get(q.id)).views).toEqual({ count: 0, firstAt: null, lastAt: null });
    const token = await share(q.id);
    const first = t.clock.now().toISOString();
    await customer.get(`/api/shared/${token}`);
    t.clock.advance(5 * MINUTE);
    await customer.get(`/api/shared/${token}`);
    await trpcCall(customer, 'query', 'shared.view', { token });
    const last = t.clock.now().toISOString();
    await user.get(`/api/shared/${token}`);
    await admin.get(`/api/shared/${token}`);
    await customer.get(`/api/shared/${token}/pdf`);

    expect((await get(q.id)).views).toEqual({ count: 3, firstAt: first, lastAt: last });
    const listed = (await user.get('/api/configurations')).body.find((c: { id: number }) => c.id === q.id);
    expect(listed.views).toEqual({ count: 3, firstAt: first, lastAt: last });
    const page = await trpcCall(user, 'query', 'configurations.list', { page: 1, pageSize: 30 });
    const item = (page.body.result.data.items as { id: number; views: unknown }[]).find((c) => c.id === q.id);
    expect(item?.views).toEqual({ count: 3, firstAt: first, lastAt: last });
    const opened = (await user.get(`/api/configurations/${q.id}/activity`)).body.filter((e: { action: string }) => e.action === 'opened');
    expect(opened).toHaveLength(1);
  });
});

describe('one document for the owner and the customer', () => {
  it('the customer’s PDF prints what the owner’s prints: prepared for, valid until, status, revision, and the Accepted block', async () => {
    const q = await save({ squareMeters: 300 });
    const token = await share(q.id);
    const owners = await pdfTextAt(`/api/configurations/${q.id}/pdf`, user);
    const customers = await pdfTextAt(`/api/shared/${token}/pdf`, null);
    for (const text of [owners, customers]) {
      expect(text).toContain(`${q.number} · Revision 1`);
      expect(text).toContain('PREPARED FOR');
      expect(text).toContain('Contoso Ltd');
      expect(text).toContain('VALID UNTIL');
      expect(text).toContain('Sent');
      expect(text).not.toContain('Accepted by');
    }
    expect(customers).toBe(owners);

    await customer.post(`/api/shared/${token}/accept`, ACCEPT);
    const { fingerprint, at } = (await get(q.id)).acceptance as { fingerprint: string; at: string };
    // Amsterdam is UTC+1 in early March.
    const when = new Date(Date.parse(at) + 60 * MINUTE);
    const hhmm = `${String(when.getUTCHours()).padStart(2, '0')}:${String(when.getUTCMinutes()).padStart(2, '0')}`;
    const acceptedOwner = await pdfTextAt(`/api/configurations/${q.id}/pdf`, user);
    const acceptedCustomer = await pdfTextAt(`/api/shared/${token}/pdf`, null);
    for (const text of [acceptedOwner, acceptedCustomer]) {
      expect(text).toMatch(/Accepted by\s+Ada Lovelace \(ada@acme\.test\)/);
      expect(text).toMatch(new RegExp(`Date and time\\s+${when.getUTCDate()} Mar 2026, ${hhmm} CET\\n`));
      expect(text).toMatch(/Revision\s+1\n/);
      expect(text.replace(/\s+/g, '')).toContain(fingerprint);
    }
    expect(acceptedCustomer).toBe(acceptedOwner);
  });
});
