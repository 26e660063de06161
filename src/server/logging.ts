// Structured logs (pino): one JSON line per /api and /trpc request, and the process's own messages. What a request
// line holds is chosen field by field — method, path (never the query string), status, duration, user id — so cookies,
// tokens, passwords and reset links cannot reach the log: headers, bodies and queries are never read here.
import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function isLogLevel(value: string | undefined): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '');
}

/**
 * A logger at `level`. Without an explicit destination: JSON lines on stdout, or pino-pretty's readable lines when
 * stdout is a terminal (loaded only then).
 */
export async function createLogger(level: LogLevel, destination?: DestinationStream): Promise<Logger> {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (destination) return pino(options, destination);
  if (process.stdout.isTTY) {
    const { default: pretty } = await import('pino-pretty');
    return pino(options, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true }));
  }
  return pino(options, pino.destination({ dest: 1, sync: true }));
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
 * One line per request, written after the response: level info (error for a 5xx). Cheap on the hot path: a flat
 * object of five fields through pino's own serializer; nothing is built when the level is off.
 */
export function requestLogger(log: Logger = logger): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      const status = failed ? 500 : c.res.status;
      const level = status >= 500 ? 'error' : 'info';
      if (log.isLevelEnabled(level)) {
        log[level](
          {
            method: c.req.method,
            path: c.req.path,
            status,
            ms: Math.round((performance.now() - start) * 10) / 10,
            userId: (c.get(USER_KEY as never) as number | undefined) ?? null,
          },
          'request',
        );
      }
    }
  };
}
