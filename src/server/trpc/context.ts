import type { TRPCError } from '@trpc/server';
import type { Context as HonoContext } from 'hono';
import { serialize } from 'hono/utils/cookie';
import { sessionTokenOf } from '../auth/session-cookie';
import { deviceCookieOf, deviceSetCookie } from '../auth/device-cookie';
import { SESSION_COOKIE, validateSessionToken, type Session, type SessionUser } from '../auth/session';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { dataVersionForArrivals } from '../db/watch';
import type { Mailer } from '../mail/types';
import { clientAddressOf, LOCAL_ADDRESS } from '../http/rate-limit';
import { bearerKeyOf, requestHeader } from '../http/request-header';
import type { ApiKeyScope } from '../../shared/schemas/api-keys';
import { useApiKey } from '../services/api-keys';
import type { ResolveHost } from '../services/webhook-address';

/** Long-lived things every procedure may use; built once at start (or per test file). */
export interface Services {
  db: Db;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  /** How webhook hosts are resolved (services/webhook-address.ts); unset: the system's DNS. Tests give their own. */
  resolveHost?: ResolveHost;
}

/** How a procedure hands a session cookie back, whatever the transport. */
export interface SessionCookies {
  /** `persistent: false` writes a browser-session cookie (no Expires); the server still ends it at `expiresAt`. */
  set(token: string, expiresAt: Date, persistent?: boolean): void;
  clear(): void;
  /** Hands this browser its device cookie (auth/device-cookie.ts): written after the session cookie. */
  setDevice(value: string): void;
}

export interface Context extends Services {
  user: SessionUser | null;
  session: Session | null;
  cookies: SessionCookies;
  /** The client's address for per-address limits (rate-limit.ts); 'local' when there is no HTTP request. */
  clientAddress: string;
  /** This request's reading of SQLite's data_version, for its cache checks (db/watch.ts); absent: read when needed. */
  dataVersion?: number;
  /**
   * The device cookie the browser sent, unchecked (auth/device-cookie.ts verifies it at login). Read on demand: only a
   * login needs it, and every signed-in browser sends it with every request.
   */
  deviceCookie(): string | undefined;
  /**
   * What a REST adapter could not read of the request (a path id, the body), answered by the procedure after its access
   * check (trpc/init.ts), never before it.
   */
  inputRefusal?: TRPCError;
  /** The API key this request was signed in with (`Authorization: Bearer`), or null for a cookie or no sign-in. */
  apiKey: { id: number; scope: ApiKeyScope } | null;
  /** The request named a key that is unknown or revoked: every procedure answers 401 (trpc/init.ts). */
  badApiKey: boolean;
}

const noCookies: SessionCookies = { set() {}, clear() {}, setDevice() {} };
const noDeviceCookie = (): undefined => undefined;

/** The inner context: no HTTP at all. Tests and scripts call procedures with it through createCaller. */
export function createInnerContext(
  services: Services,
  auth: {
    user?: SessionUser | null;
    session?: Session | null;
    cookies?: SessionCookies;
    clientAddress?: string;
    deviceCookie?: () => string | undefined;
    dataVersion?: number;
    apiKey?: { id: number; scope: ApiKeyScope } | null;
    badApiKey?: boolean;
  } = {},
): Context {
  return {
    db: services.db,
    config: services.config,
    clock: services.clock,
    mailer: services.mailer,
    resolveHost: services.resolveHost,
    user: auth.user ?? null,
    session: auth.session ?? null,
    cookies: auth.cookies ?? noCookies,
    clientAddress: auth.clientAddress ?? LOCAL_ADDRESS,
    dataVersion: auth.dataVersion,
    deviceCookie: auth.deviceCookie ?? noDeviceCookie,
    inputRefusal: undefined,
    apiKey: auth.apiKey ?? null,
    badApiKey: auth.badApiKey ?? false,
  };
}

/**
 * Session cookie writer. `append` adds a Set-Cookie header to whichever response is built: the Hono context's for
 * REST, tRPC's `resHeaders` for /trpc (tRPC builds its own Response, so headers set on the Hono context would be lost).
 */
export function sessionCookies(config: AppConfig, append: (setCookie: string) => void): SessionCookies {
  const base = { httpOnly: true, sameSite: 'Lax', secure: config.secureCookies, path: '/' } as const;
  return {
    set(token, expiresAt, persistent = true) {
      append(serialize(SESSION_COOKIE, token, persistent ? { ...base, expires: expiresAt } : base));
    },
    clear() {
      append(serialize(SESSION_COOKIE, '', { ...base, maxAge: 0, expires: new Date(0) }));
    },
    setDevice(value) {
      append(deviceSetCookie(value, config.secureCookies));
    },
  };
}

/**
 * The request context, shared by the tRPC endpoint and the REST adapters: resolves the session cookie once. A request
 * with a session cookie waits for its turn's data_version reading (db/watch.ts dataVersionForArrivals).
 */
export async function createRequestContext(services: Services, c: HonoContext, appendCookie?: (setCookie: string) => void): Promise<Context> {
  const cookies = sessionCookies(services.config, appendCookie ?? ((v) => c.header('Set-Cookie', v, { append: true })));
  const clientAddress = clientAddressOf(c, services.config);
  const bearer = bearerKeyOf(requestHeader(c, 'authorization'));
  if (bearer !== undefined) return apiKeyContext(services, bearer, clientAddress);
  const cookieHeader = requestHeader(c, 'cookie');
  const token = sessionTokenOf(cookieHeader);
  const deviceCookie = () => deviceCookieOf(cookieHeader);
  if (!token) return createInnerContext(services, { cookies, clientAddress, deviceCookie });
  const reading = await dataVersionForArrivals(services.db);
  const result = validateSessionToken(services.db, services.clock, token, reading);
  if (!result) {
    cookies.clear();
    return createInnerContext(services, { cookies, clientAddress, deviceCookie, dataVersion: reading });
  }
  if (result.refreshed) cookies.set(token, result.session.expiresAt, result.session.persistent);
  return createInnerContext(services, { user: result.user, session: result.session, cookies, clientAddress, deviceCookie, dataVersion: reading });
}

/**
 * A request signed with an API key: the key alone says who calls (a cookie sent with it is ignored), with its user's
 * current role. The session is a stand-in that no sign-out can end: the key lives until it is revoked.
 */
async function apiKeyContext(services: Services, key: string, clientAddress: string): Promise<Context> {
  const use = await useApiKey(services.db, services.clock, key);
  if (!use) return createInnerContext(services, { clientAddress, badApiKey: true });
  const session: Session = {
    id: `api-key:${use.id}`,
    userId: use.user.id,
    createdAt: use.user.createdAt,
    expiresAt: new Date(8.64e15),
    persistent: true,
  };
  return createInnerContext(services, { user: use.user, session, clientAddress, apiKey: { id: use.id, scope: use.scope } });
}
