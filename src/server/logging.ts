// Structured logs (pino): one JSON line per /api and /trpc request, and the process's own messages. What a request
// line holds is chosen field by field — method, path (never the query string), status, duration, user id — so cookies,
// tokens, passwords and reset links cannot reach the log: headers, bodies and queries are never read here, a path that
// carries a share token is written with a placeholder, and an internal error's text is scrubbed of anything shaped
// like a token before it is written.
import fs from 'node:fs';
import { parseEnv } from 'node:util';
import type { Context as HonoContext } from 'hono';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { PrettyOptions } from 'pino-pretty';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function isLogLevel(value: string | undefined): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '');
}

export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * How the log is written (README "Logs"): LOG_FORMAT when it names a format, else readable lines when stdout is a
 * terminal (someone is watching `npm start`) and JSON lines when it is not (a file, a pipe, journald, a collector).
 */
export function logFormatOf(setting: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  if (setting === 'pretty' || setting === 'json') return setting;
  return stdoutIsTerminal ? 'pretty' : 'json';
}

/** A request line as a person reads it: "GET /api/user 200 3.2 ms user 7" (signed out: no user). */
function requestText(log: Record<string, unknown>): string {
  const user = log.userId === null || log.userId === undefined ? '' : ` user ${String(log.userId)}`;
  return `${String(log.method)} ${String(log.path)} ${String(log.status)} ${String(log.ms)} ms${user}`;
}

/** pino-pretty's options for the terminal: one line per entry, the time of day, a request line in words. */
export function prettyOptions(colorize: boolean): PrettyOptions {
  return {
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,method,path,status,ms,userId',
    singleLine: true,
    messageFormat: (log, messageKey) => (log[messageKey] === 'request' && 'method' in log ? requestText(log) : String(log[messageKey] ?? '')),
    sync: true,
  };
}

/** Lines waiting for stdout beyond this are dropped (pino's destination counts them) rather than held in memory. */
const LOG_BUFFER_MAX = 16 * 1024 * 1024;
/** Lines are written in batches of about this many bytes, and at the latest this often. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 200;

/**
 * pino's isoTime (`,"time":"2026-11-23T04:06:26.123Z"`) without a Date per line: V8 formats toISOString through a
 * general date printer, a noticeable cost on every request line under load. The text up to the second is kept until
 * the second changes.
 */
export function isoTimeCached(now: () => number = Date.now): () => string {
  let second = Number.NaN;
  let prefix = '';
  return () => {
    const ms = now();
    const s = Math.floor(ms / 1000);
    if (s !== second) {
      second = s;
      prefix = `,"time":"${new Date(s * 1000).toISOString().slice(0, 20)}`;
    }
    const fraction = ms - s * 1000;
    return `${prefix}${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}Z"`;
  };
}

/**
 * A setting the logger needs before main.ts reads `.env` (the logger is made when this module loads, and its output
 * cannot change later): the environment's value, else the `.env` file's.
 */
function settingAtStart(name: string): string | undefined {
  if (process.env[name]) return process.env[name];
  try {
    return parseEnv(fs.readFileSync('.env', 'utf8'))[name];
  } catch {
    return undefined;
  }
}

/**
 * A logger at `level`. Without an explicit destination: JSON lines on stdout, or pino-pretty's readable lines when
 * logFormatOf says so (loaded only then). The stdout destination writes in batches: a write per request line (sync,
 * or async through libuv's thread pool) was a sixth of a hot request's CPU. A line waits at most LOG_FLUSH_MS; what is
 * still buffered is flushed when the process exits (pino registers that), so only a SIGKILL can lose the last lines.
 */
export async function createLogger(level: LogLevel, destination?: DestinationStream): Promise<Logger> {
  // Every `err` a line carries is written as loggableError writes it: scrubbed of secrets, whoever logs it.
  const options = { level, base: undefined, timestamp: isoTimeCached(), serializers: { err: loggableError } };
  if (destination) return pino(options, destination);
  if (logFormatOf(settingAtStart('LOG_FORMAT'), process.stdout.isTTY === true) === 'pretty') {
    const { default: pretty } = await import('pino-pretty');
    return pino(options, pretty(prettyOptions(process.stdout.isTTY === true)));
  }
  return pino(
    options,
    pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS, maxLength: LOG_BUFFER_MAX }),
  );
}

// The process-wide logger. Its level is LOG_LEVEL (validated again by loadConfig; main.ts applies the validated value);
// under the test runner it stays silent unless LOG_LEVEL asks otherwise, so test output is not flooded.
const initialLevel: LogLevel = isLogLevel(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : process.env.VITEST ? 'silent' : 'info';
export const logger: Logger = await createLogger(initialLevel);

const USER_KEY = 'logUserId';

/** Records the signed-in user of this request for its log line (called where the session is resolved). */
export function noteRequestUser(c: HonoContext, userId: number | undefined): void {
  if (userId !== undefined) (c as HonoContext<{ Variables: { [USER_KEY]: number } }>).set(USER_KEY, userId);
}

/**
 * The request's log line, written after the response (src/server/http/envelope.ts): level info (error for a 5xx).
 * Nothing is built when the level is off.
 */
export function logRequest(log: Logger, c: HonoContext, status: number, startedAt: number): void {
  logRequestLine(log, c.req.method, loggedPath(c.req.path), status, startedAt, (c.get(USER_KEY as never) as number | undefined) ?? null);
}

/** The answers a share link's path may end in after its token; anything else is not written either. */
const SHARED_SUFFIXES = new Set(['', '/pdf', '/accept', '/decline']);
/**
 * `/api/shared/` however it is spelled (case, repeated slashes): whatever follows it is a token or a guess at one. The
 * one reading of a share link's API path, for the log and for the fixed headers (http/headers.ts isSharePath).
 */
export const SHARED_API_PREFIX = /^\/+api\/+shared(?=\/|$)/i;

/**
 * A request path as the log writes it: a share link's token is a bearer secret (whoever has it can accept the quote),
 * so `/api/shared/<token>/pdf` is written `/api/shared/:token/pdf`. Every other path is written as it came.
 */
export function loggedPath(path: string): string {
  if (path.length < 11 || !SHARED_API_PREFIX.test(path)) return path;
  const rest = path.replace(SHARED_API_PREFIX, '');
  if (rest === '' || rest === '/') return '/api/shared';
  const afterToken = rest.replace(/^\/+[^/]*/, '');
  return `/api/shared/:token${SHARED_SUFFIXES.has(afterToken) ? afterToken : '/…'}`;
}

/**
 * Text an internal error may carry (a failed query's parameters, an input echoed in a message) with everything shaped
 * like a secret replaced: session, share and reset tokens and API keys (base32, 32 characters, after a prefix too),
 * their stored SHA-256 (64 hex), and any long base64url run (a device cookie's signature).
 */
export function scrubSecrets(text: string): string {
  return text
    .replace(/\bparams:[^\n]*/g, 'params: [redacted]')
    .replace(/(?<![a-z2-7])[a-z2-7]{32}(?![a-z2-7])/g, '[redacted]')
    .replace(/\b[0-9a-fA-F]{64}\b/g, '[redacted]')
    .replace(/[A-Za-z0-9_-]{40,}/g, '[redacted]');
}

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * An error as a 500 line writes it: its type, message and stack, scrubbed, and its causes the same way. Nothing else
 * of it: a query error's own fields (`query`, `params`) hold the values it was run with.
 */
export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubSecrets(String(error)) };
  const out: LoggedError = { type: error.name, message: scrubSecrets(error.message) };
  if (error.stack) out.stack = scrubSecrets(error.stack);
  if (error.cause !== undefined && depth < 3) out.cause = loggableError(error.cause, depth + 1);
  return out;
}

/** The line pino writes for these fields, at info (error for a 5xx); nothing is built when the level is off. */
export function logRequestLine(log: Logger, method: string, path: string, status: number, startedAt: number, userId: number | null): void {
  const level = status >= 500 ? 'error' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const ms = Math.round((performance.now() - startedAt) * 10) / 10;
  log[level]({ method, path, status, ms, userId }, 'request');
}
