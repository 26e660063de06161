// The read lane's promise, checked three ways (src/server/fast-lane.ts): the lane's own answer (undefined: it left
// the request to the router), the test app's (lane on) and the router-only app's; what the lane serves must equal
// the router's answer in every byte, and what it leaves must be answered exactly as the router alone answers it.
import { expect } from 'vitest';
import type { FastLane } from '../../src/server/fast-lane';
import { answerOf, type Answer } from './answers';
import type { RouterPair } from './router-pair';
import { APP_HOST, APP_URL } from './test-app';

export interface Send {
  method?: string;
  /** Replaces the default headers (Host of APP_URL, the signed-in cookie) where given; null leaves one out. */
  headers?: Record<string, string | null>;
}

export function getLaneParity(pair: RouterPair, lane: FastLane) {
  function requestOf(path: string, send: Send = {}): Request {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries({ host: APP_HOST, cookie: pair.cookie, ...send.headers })) if (value !== null) headers[name] = value;
    return new Request(APP_URL + path, { method: send.method ?? 'GET', headers });
  }

  async function threeWays(path: string, send: Send = {}): Promise<{ lane: Answer | undefined; app: Answer; router: Answer }> {
    const direct = lane(requestOf(path, send), undefined);
    return {
      lane: direct && (await answerOf(direct)),
      app: await answerOf(await pair.t.app.fetch(requestOf(path, send))),
      router: await answerOf(await pair.routerOnly.fetch(requestOf(path, send))),
    };
  }

  /** Served by the lane, and equal to the router's answer in every byte. */
  async function expectServedAlike(path: string, send: Send = {}): Promise<Answer> {
    const { lane: fast, app, router } = await threeWays(path, send);
    expect(fast, `the lane serves ${path}`).toBeDefined();
    expect(router.status).toBe(200);
    expect(app).toEqual(router);
    expect(fast).toEqual(router);
    return router;
  }

  /** Left to the router by the lane, and the app (lane on) answers exactly as the router alone does. */
  async function expectLeftToRouter(path: string, send: Send = {}): Promise<Answer> {
    const { lane: fast, app, router } = await threeWays(path, send);
    expect(fast, `the lane leaves ${send.method ?? 'GET'} ${path} to the router`).toBeUndefined();
    expect(app).toEqual(router);
    return router;
  }

  return { requestOf, expectServedAlike, expectLeftToRouter };
}
