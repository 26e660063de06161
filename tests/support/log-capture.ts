// Request logs kept in memory: a pino logger whose JSON lines land in an array, and an app that logs through it, for
// the tests that read what src/server/logging.ts writes for each /api and /trpc request.
import { createApp } from '../../src/server/app';
import { createLogger, type Logger, type LogLevel } from '../../src/server/logging';
import type { TestApp } from './test-app';

/** A request line as the log writes it (JSON). */
export interface RequestLine {
  level: number;
  msg: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  userId: number | null;
  time: string;
}

export interface LogCapture {
  logger: Logger;
  /** Every line written so far, in order (empty it with `lines.length = 0`). */
  lines: string[];
}

/** A logger at `level` that keeps its lines. */
export async function captureLogs(level: LogLevel = 'info'): Promise<LogCapture> {
  const lines: string[] = [];
  const logger = await createLogger(level, { write: (s: string) => void lines.push(s) });
  return { logger, lines };
}

export interface LoggedApp {
  app: ReturnType<typeof createApp>;
  /** The logger behind `lines`. */
  logger: Logger;
  /** The app's log lines, in order (empty it with `lines.length = 0`). */
  lines: string[];
}

/**
 * Another app over the test app's services and database, logging at `level` (default info) into `lines`.
 */
export async function createLoggedApp(t: TestApp, { level = 'info' }: { level?: LogLevel } = {}): Promise<LoggedApp> {
  const { logger, lines } = await captureLogs(level);
  return { app: createApp(t.services, { clientDir: `${t.dir}/client`, logger }), logger, lines };
}
