// Two apps over the same services and database — the test app (fast lanes on) and a router-only app — with USER
// signed in: the fast-lane tests send both the same requests with the same cookie and require the same answers.
import { expect } from 'vitest';
import { createApp } from '../../src/server/app';
import { createTestApp, TestClient, USER, type TestApp } from './test-app';

export interface RouterPair {
  /** The test app; its app has the fast lanes on. */
  t: TestApp;
  /** The router alone (fastLane: false), over the same services and database. */
  routerOnly: ReturnType<typeof createApp>;
  /** USER's session cookie, signed in when the pair was made. */
  cookie: string;
  /** USER's id. */
  userId: number;
  /** Signs in through POST /api/login (router only) and makes one routed request, as a browser's first screen does. */
  signIn(email?: string, password?: string): Promise<string>;
  /**
   * A routed read with this cookie (default: USER's): puts its check back in the session cache after a write to users
   * or sessions (every sign-in records its time on the user), as the first request after one does.
   */
  warm(cookie?: string): Promise<void>;
  /** Waits for the mails under way, then closes the test app. */
  close(): Promise<void>;
}

export async function createRouterPair(): Promise<RouterPair> {
  const t = await createTestApp();
  const routerOnly = createApp(t.services, { clientDir: `${t.dir}/client`, fastLane: false });

  async function signIn(email: string = USER.email, password: string = USER.password): Promise<string> {
    const client = new TestClient(routerOnly);
    const res = await client.post('/api/login', { username: email, password });
    expect(res.status).toBe(200);
    const signedIn = client.cookie!;
    await warm(signedIn);
    return signedIn;
  }

  async function warm(c = cookie): Promise<void> {
    expect((await routerOnly.request('/api/auth/check', { headers: { cookie: c } })).status).toBe(200);
  }

  const cookie = await signIn();
  const userId = (t.db.$client.prepare('SELECT id FROM users WHERE email = ?').get(USER.email) as { id: number }).id;

  async function close(): Promise<void> {
    await t.services.mailer.idle();
    t.close();
  }

  return { t, routerOnly, cookie, userId, signIn, warm, close };
}
