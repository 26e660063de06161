// Component tests of the account screens talk to a real in-process app (tests/support/test-app.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { TestApp, TestClient } from '../../../tests/support/test-app';
import { act, screen, waitFor } from '@testing-library/react';
import { clearToasts as removeAllToasts } from '../components/toaster';

/** fetch for renderUi: the app's own request(), with the client's session cookie when given. */
export function appFetch(t: TestApp, client?: TestClient) {
  return async (url: string, init?: RequestInit): Promise<Response> =>
    t.app.request(url, {
      ...init,
      headers: { ...Object.fromEntries(new Headers(init?.headers)), ...(client?.cookie ? { cookie: client.cookie } : {}) },
    });
}

/** A fetch that holds every write (POST: a tRPC mutation) until `release()`, so a pending state can be seen. */
export function gatedFetch(inner: (url: string, init?: RequestInit) => Promise<Response>) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return {
    fetch: async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET').toUpperCase() !== 'GET') await gate;
      return inner(url, init);
    },
    release: () => release(),
  };
}

/** The reset token of the newest .eml in the outbox addressed to `to` (quoted-printable decoded). */
export async function mailedResetToken(t: TestApp, to: string): Promise<string> {
  await t.services.mailer.idle();
  const dir = t.config.outboxDir;
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse()
    : [];
  for (const f of files) {
    const eml = fs
      .readFileSync(path.join(dir, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    if (!eml.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    const m = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(eml);
    if (m?.[1]) return m[1];
  }
  throw new Error(`no reset mail to ${to}`);
}

/** The toaster is one store for the whole test file: empty it between tests (max 1 visible would queue the next). */
export async function clearToasts(): Promise<void> {
  await act(async () => {
    await removeAllToasts();
  });
}

/** The visible toast whose text includes `title` (waits for it, until Ark has marked it mounted: shown and settled). */
export function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const el = screen.queryAllByTestId('toast').find((e) => e.textContent?.includes(title));
    if (!el) throw new Error(`no toast "${title}"`);
    if (!el.hasAttribute('data-mounted')) throw new Error(`toast "${title}" not settled yet`);
    return el;
  });
}
