// A quote's valid-until day: at most a year ahead (the last allowed day is taken), and an impossible date is answered
// with the schema's message on both doors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/quote-dates';
import { smallSaveBody } from '../support/quote-forms';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;

beforeAll(async () => ({ t, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

const today = () => t.clock.now().toISOString().slice(0, 10);
describe('validUntil', () => {
  it('at most today + 365 days: a 400 naming the limit; the last allowed day is taken', async () => {
    const tooFar = await user.post('/api/configurations', smallSaveBody({ validUntil: addDays(today(), 366) }));
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toBe('Valid until can be at most 365 days from today');
    const last = await user.post('/api/configurations', smallSaveBody({ validUntil: addDays(today(), 365) }));
    expect(last.status).toBe(201);
    const patch = await user.patch(`/api/configurations/${last.body.id}`, { validUntil: '2099-01-01' });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toBe('Valid until can be at most 365 days from today');
  });

  it.each(['2026-13-01', '2026-00-10', '2026-02-30', '2026-04-31', '9999-99-99'])('%s is a 400 with the schema’s message', async (date) => {
    const res = await user.post('/api/configurations', smallSaveBody({ validUntil: date }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Valid until must be a date (YYYY-MM-DD)');
    const trpc = await trpcCall(user, 'mutation', 'configurations.create', smallSaveBody({ validUntil: date }));
    expect(trpc.status).toBe(400);
  });
});
