// A sent or finally failed owed mail is kept 30 days after its last try, then deleted by the worker's own loop
// (docs/API.md "Mail the product owes"); the email log keeps the delivery. A pending or claimed row is never deleted.
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { owedMails } from '../../db/schema';
import { OWED_MAIL_RETENTION_DAYS, pruneOwedMails } from '../../src/server/services/owed-mail-worker';
import { DAY, HOUR, MINUTE, TestClock } from '../support/clock';
import { createTestApp, type TestApp } from '../support/test-app';

const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterEach(() => {
  t.db.delete(owedMails).run();
});
afterAll(() => t.close());

type Status = 'pending' | 'sending' | 'sent' | 'failed';
/** A row whose last try was `triedDaysAgo` days ago (null: never tried); pending ones are due in a year. */
function owed(label: string, status: Status, triedDaysAgo: number | null): void {
  const now = clock.now().getTime();
  const tried = triedDaysAgo === null ? null : new Date(now - triedDaysAgo * DAY);
  t.db
    .insert(owedMails)
    .values({
      kind: 'quote_accepted',
      key: label,
      payload: { label },
      status,
      attempts: tried ? 1 : 0,
      createdAt: new Date(now - 120 * DAY),
      lastAttemptAt: tried,
      nextAttemptAt: status === 'pending' ? new Date(now + 365 * DAY) : null,
      sentAt: status === 'sent' ? tried : null,
    })
    .run();
}
const left = () =>
  t.db
    .select({ key: owedMails.key })
    .from(owedMails)
    .orderBy(asc(owedMails.id))
    .all()
    .map((r) => r.key);

function mixed(): void {
  owed('sent 31 days ago', 'sent', 31);
  owed('failed 40 days ago', 'failed', 40);
  owed('sent 30 days ago, to the minute', 'sent', 30 - MINUTE / DAY);
  owed('sent 29 days ago', 'sent', 29);
  owed('failed 10 days ago', 'failed', 10);
  owed('pending, tried 90 days ago', 'pending', 90);
  owed('claimed 90 days ago', 'sending', 90);
}
const KEPT = ['sent 30 days ago, to the minute', 'sent 29 days ago', 'failed 10 days ago', 'pending, tried 90 days ago', 'claimed 90 days ago'];

describe('old owed mail', () => {
  it('is deleted once sent or failed for good and past 30 days; pending and claimed rows whatever their age are kept', async () => {
    expect(OWED_MAIL_RETENTION_DAYS).toBe(30);
    mixed();
    expect(await pruneOwedMails(t.db, clock.now())).toBe(2);
    expect(left()).toEqual(KEPT);
    expect(await pruneOwedMails(t.db, clock.now())).toBe(0);
    expect(await pruneOwedMails(t.db, clock.now(), 5)).toBe(3);
    expect(left()).toEqual(['pending, tried 90 days ago', 'claimed 90 days ago']);
  });

  it("is deleted by the worker's own loop, at most once an hour", async () => {
    // a look prunes (nothing is there yet); within the hour the next look leaves the old rows
    t.owedMail.kick();
    await t.owedMail.idle();
    mixed();
    t.owedMail.kick();
    await t.owedMail.idle();
    expect(left()).toHaveLength(KEPT.length + 2);
    clock.advance(HOUR);
    t.owedMail.kick();
    await vi.waitFor(() => expect(left()).toEqual(KEPT.filter((k) => k !== 'sent 30 days ago, to the minute')));
  });
});
