// tRPC takes a JSON Content-Type in any letter case, as REST does; any other type is a 415 on both doors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advancedQuote, smallSaveBody } from '../support/quote-forms';
import { trpcCall } from '../support/trpc-http';
import { appWithAdminAndUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;

beforeAll(async () => ({ t, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

describe('tRPC takes Content-Type in any letter case, as REST does', () => {
  it.each(['Application/JSON', 'APPLICATION/JSON; charset=UTF-8', 'application/Json'])('%s', async (type) => {
    const trpc = await trpcCall(user, 'mutation', 'configurations.create', smallSaveBody({ name: `Typed ${type}` }), { 'content-type': type });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.name).toBe(`Typed ${type}`);
    const batch = await user.post('/trpc/quote.calculate?batch=1', { 0: advancedQuote }, { 'content-type': type });
    expect(batch.status).toBe(200);
    const rest = await user.post('/api/configurations', smallSaveBody(), { 'content-type': type });
    expect(rest.status).toBe(201);
  });

  it('another type is still refused on both doors (415)', async () => {
    expect((await user.post('/trpc/configurations.create', smallSaveBody(), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await user.post('/api/configurations', smallSaveBody(), { 'content-type': 'text/plain' })).status).toBe(415);
  });
});
