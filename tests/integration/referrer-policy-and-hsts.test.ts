// The customer's share paths send no referrer (their token must not leak to a linked site); HSTS is sent only when
// APP_URL is https.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTokenOfNewQuote } from '../support/configurations';
import { appWithAdminAndUser, createTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;

beforeAll(async () => ({ t, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

describe('headers of share paths and HSTS', () => {
  it('/q/<token> and /api/shared/* answer Referrer-Policy: no-referrer; other paths keep theirs', async () => {
    const token = await sharedTokenOfNewQuote(user);
    for (const path of [`/q/${token}`, `/api/shared/${token}`, `/api/shared/${token}/pdf`, '/api/shared/not-a-token']) {
      expect((await t.client().get(path)).headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    const accept = await t.client().post(`/api/shared/${token}/decline`, { reason: 'no' });
    expect(accept.headers.get('referrer-policy')).toBe('no-referrer');
    for (const path of ['/', '/calculator', '/api/auth/check']) {
      expect((await t.client().get(path)).headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('Strict-Transport-Security only when APP_URL is https', async () => {
    for (const path of ['/', '/api/auth/check', '/api/health', '/trpc/auth.check']) {
      expect((await t.client().get(path)).headers.get('strict-transport-security'), path).toBeNull();
    }
    const tls = await createTestApp({ seed: false, env: { APP_URL: 'https://quotes.example.com' } });
    try {
      for (const path of ['/', '/api/auth/check', '/api/health', '/trpc/auth.check', '/api/shared/x']) {
        expect((await tls.client().get(path)).headers.get('strict-transport-security'), path).toBe('max-age=15552000; includeSubDomains');
      }
    } finally {
      tls.close();
    }
  });
});
