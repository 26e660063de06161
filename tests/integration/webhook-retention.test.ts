// Webhook deliveries are kept WEBHOOK_DELIVERY_RETENTION_DAYS (default 30) after their last try once delivered or
// failed for good, then deleted by the dispatcher's own loop (docs/API.md "Webhooks"); a pending one is never deleted.
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { loadConfig } from '../../src/server/config';
import { webhookTargets } from '../../src/server/services/webhook-address';
import { pruneDeliveries, startWebhookDispatcher, type WebhookDispatcher } from '../../src/server/services/webhook-dispatcher';
import { newMessageId } from '../../src/server/services/webhook-outbox';
import { DAY, HOUR, MINUTE, TestClock } from '../support/clock';
import { ADMIN, createTestApp, type TestApp } from '../support/test-app';

const clock = new TestClock();
let t: TestApp;
let hookId: number;
let dispatcher: WebhookDispatcher | undefined;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await t.login(ADMIN.email, ADMIN.password);
  // No row below is due, so nothing is sent to it anyway (and the test app's DNS knows no name).
  hookId = (await admin.post('/api/admin/webhooks', { url: 'https://example.com/hook', events: ['quote.created'] })).body.id;
});
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
  t.db.delete(webhookDeliveries).run();
});
afterAll(() => t.close());

type Status = 'pending' | 'delivered' | 'failed';
/** A delivery whose last try was `triedDaysAgo` days ago (null: never tried); pending ones are due in a year. */
function delivery(label: string, status: Status, triedDaysAgo: number | null): number {
  const now = clock.now().getTime();
  const tried = triedDaysAgo === null ? null : new Date(now - triedDaysAgo * DAY);
  return t.db
    .insert(webhookDeliveries)
    .values({
      webhookId: hookId,
      messageId: newMessageId(),
      event: 'quote.created',
      payload: JSON.stringify({ label }),
      status,
      attempts: tried ? 1 : 0,
      createdAt: new Date(now - 120 * DAY),
      lastAttemptAt: tried,
      nextAttemptAt: status === 'pending' ? new Date(now + 365 * DAY) : null,
    })
    .returning({ id: webhookDeliveries.id })
    .get().id;
}
const left = () =>
  t.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .orderBy(asc(webhookDeliveries.id))
    .all()
    .map((r) => (JSON.parse(r.payload) as { label: string }).label);

/** Two of each kind around the 30-day line, and pending ones far older. */
function mixed(): void {
  delivery('delivered 31 days ago', 'delivered', 31);
  delivery('failed 40 days ago', 'failed', 40);
  delivery('delivered 30 days ago, to the minute', 'delivered', 30 - MINUTE / DAY);
  delivery('delivered 29 days ago', 'delivered', 29);
  delivery('failed 10 days ago', 'failed', 10);
  delivery('pending, tried 90 days ago', 'pending', 90);
  delivery('pending, never tried', 'pending', null);
}
const KEPT = [
  'delivered 30 days ago, to the minute',
  'delivered 29 days ago',
  'failed 10 days ago',
  'pending, tried 90 days ago',
  'pending, never tried',
];

describe('old webhook deliveries', () => {
  it('are deleted once delivered or failed and past the retention; pending ones whatever their age are kept', async () => {
    mixed();
    expect(await pruneDeliveries(t.db, clock.now(), 30)).toBe(2);
    expect(left()).toEqual(KEPT);
    expect(await pruneDeliveries(t.db, clock.now(), 30)).toBe(0);
    // A shorter retention takes the younger finished ones too, still never a pending one.
    expect(await pruneDeliveries(t.db, clock.now(), 5)).toBe(3);
    expect(left()).toEqual(['pending, tried 90 days ago', 'pending, never tried']);
  });

  it("are deleted by the dispatcher's own loop: when it starts, then once an hour", async () => {
    mixed();
    dispatcher = startWebhookDispatcher({
      db: t.db,
      clock,
      retryBaseMs: 1000,
      retentionDays: 30,
      targets: webhookTargets(t.config, t.services.resolveHost),
    });
    await vi.waitFor(() => expect(left()).toEqual(KEPT));

    // A look at the outbox (kick runs one at once) within the hour leaves another old one for the next pruning.
    delivery('failed 60 days ago', 'failed', 60);
    dispatcher.kick();
    expect(left()).toHaveLength(KEPT.length + 1);
    clock.advance(HOUR);
    dispatcher.kick();
    expect(left()).toEqual(KEPT.filter((l) => l !== 'delivered 30 days ago, to the minute'));
    expect(t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending')).all()).toHaveLength(2);
  });

  it('are kept 30 days unless WEBHOOK_DELIVERY_RETENTION_DAYS says otherwise', () => {
    expect(loadConfig({}).webhookDeliveryRetentionDays).toBe(30);
    expect(loadConfig({ WEBHOOK_DELIVERY_RETENTION_DAYS: '7' }).webhookDeliveryRetentionDays).toBe(7);
    expect(() => loadConfig({ WEBHOOK_DELIVERY_RETENTION_DAYS: '0' })).toThrow();
  });
});
