import type { Context as HonoContext } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE, validateSessionToken, type Session, type SessionUser } from '../auth/session';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db';
import type { Mailer } from '../mail/types';

/** Long-lived things every procedure may use; built once at start (or per test file). */
export interface Services {
  db: Db;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
}

/** How a procedure hands a session cookie back, whatever the transport. */
export interface SessionCookies {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface Context extends Services {
  user: SessionUser | null;
  session: Session | null;
  cookies: SessionCookies;
}

const noCookies: SessionCookies = { set() {}, clear() {} };

/** The inner context: no HTTP at all. Tests and scripts call procedures with it through createCaller. */
export function createInnerContext(
  services: Services,
  auth: { user?: SessionUser | null; session?: Session | null; cookies?: SessionCookies } = {},
): Context {
  return { ...services, user: auth.user ?? null, session: auth.session ?? null, cookies: auth.cookies ?? noCookies };
}

export function honoSessionCookies(c: HonoContext, config: AppConfig): SessionCookies {
  return {
    set(token, expiresAt) {
      setCookie(c, SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: config.secureCookies,
        path: '/',
        expires: expiresAt,
      });
    },
    clear() {
      deleteCookie(c, SESSION_COOKIE, { path: '/', secure: config.secureCookies, httpOnly: true, sameSite: 'Lax' });
    },
  };
}

/** The request context, shared by the tRPC endpoint and the REST adapters: resolves the session cookie once. */
export function createRequestContext(services: Services, c: HonoContext): Context {
  const cookies = honoSessionCookies(c, services.config);
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return createInnerContext(services, { cookies });
  const result = validateSessionToken(services.db, services.clock, token);
  if (!result) {
    cookies.clear();
    return createInnerContext(services, { cookies });
  }
  if (result.refreshed) cookies.set(token, result.session.expiresAt);
  return createInnerContext(services, { user: result.user, session: result.session, cookies });
}
