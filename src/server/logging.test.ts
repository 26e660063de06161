// The request line: its timestamp (kept per second) must be what pino writes, its fields those of the log format; in a
// terminal the same lines are written for people to read.
import fc from 'fast-check';
import { pino } from 'pino';
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { createLogger, isoTimeCached, logFormatOf, logRequestLine, prettyOptions } from './logging';

const isoTimeAt = (ms: number) => `,"time":"${new Date(ms).toISOString()}"`;

describe('isoTimeCached', () => {
  it('writes the time as pino.stdTimeFunctions.isoTime does, at every millisecond around a second and a day', () => {
    let now = 0;
    const time = isoTimeCached(() => now);
    const day = Date.UTC(2026, 10, 23); // midnight, also a second boundary
    for (const start of [day - 1500, Date.UTC(2026, 11, 31, 23, 59, 59), Date.UTC(2028, 1, 29, 12)]) {
      for (now = start; now < start + 2100; now++) expect(time()).toBe(isoTimeAt(now));
    }
    // the form isoTimeAt assumes is the form pino's own isoTime writes
    expect(pino.stdTimeFunctions.isoTime()).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
  });

  it('is right when the clock jumps back and forth between calls', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4_102_444_800_000 }), { minLength: 1, maxLength: 40 }), (instants) => {
        let now = 0;
        const time = isoTimeCached(() => now);
        for (const at of instants) {
          now = at;
          expect(time()).toBe(isoTimeAt(at));
          now = at + 1;
          expect(time()).toBe(isoTimeAt(at + 1));
        }
      }),
    );
  });
});

describe('logRequestLine', () => {
  it('writes one JSON line with the request fields in order, at info and at error', async () => {
    for (const [method, path, status, userId] of [
      ['POST', '/api/quote', 200, 7],
      ['GET', '/trpc/catalog.all,auth.check', 500, 3],
      ['POST', '/api/odd"path\\with\u0001controls/\u00e9', 400, null],
    ] as const) {
      const lines: string[] = [];
      const log = await createLogger('info', { write: (s: string) => void lines.push(s) });
      logRequestLine(log, method, path, status, performance.now() - 12.34, userId);
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(Object.keys(line)).toEqual(['level', 'time', 'method', 'path', 'status', 'ms', 'userId', 'msg']);
      expect(line).toMatchObject({ level: status >= 500 ? 50 : 30, method, path, status, userId, msg: 'request' });
      expect(line.ms).toBeGreaterThanOrEqual(12.3);
    }
  });

  it("keeps a child logger's bindings, writes to a multistream, and writes nothing below the level", async () => {
    const lines: string[] = [];
    const log = await createLogger('info', { write: (s: string) => void lines.push(s) });
    logRequestLine(log.child({ worker: 2 }), 'GET', '/api/user', 200, performance.now(), 1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ worker: 2, method: 'GET', path: '/api/user', status: 200, userId: 1, msg: 'request' });
    const multi: string[] = [];
    const toMulti = await createLogger('info', pino.multistream([{ stream: { write: (s: string) => void multi.push(s) }, level: 'info' }]));
    logRequestLine(toMulti, 'GET', '/api/user', 200, performance.now(), 1);
    expect(JSON.parse(multi[0]!)).toMatchObject({ level: 30, method: 'GET', path: '/api/user', status: 200, userId: 1, msg: 'request' });
    const quiet = await createLogger('warn', { write: (s: string) => void lines.push(s) });
    logRequestLine(quiet, 'GET', '/api/user', 200, performance.now(), 1);
    logRequestLine(quiet, 'GET', '/api/user', 503, performance.now(), 1);
    expect(lines.length).toBe(2);
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 50, status: 503 });
  });
});

describe('readable lines in a terminal, JSON anywhere else', () => {
  it('a terminal gets readable lines, a file or a pipe JSON; LOG_FORMAT decides when set', () => {
    expect(logFormatOf(undefined, true)).toBe('pretty');
    expect(logFormatOf(undefined, false)).toBe('json');
    expect(logFormatOf('', true)).toBe('pretty');
    expect(logFormatOf('json', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
  });

  it('a request reads as one line: the time of day, the level, method, path, status, duration and user', async () => {
    const lines: string[] = [];
    const log = await createLogger('info', { write: (s: string) => void lines.push(s) });
    logRequestLine(log, 'GET', '/api/user', 200, performance.now() - 3.2, 7);
    logRequestLine(log, 'POST', '/api/shared/:token/accept', 503, performance.now(), null);
    log.info('Quote configurator listening on http://127.0.0.1:3000');
    const pretty = prettyFactory(prettyOptions(false));
    const [user, failed, started] = lines.map((l) => pretty(l));
    expect(user).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/user 200 \d+(\.\d)? ms user 7\n$/);
    expect(failed).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] ERROR: POST \/api\/shared\/:token\/accept 503 \d+(\.\d)? ms\n$/);
    expect(started).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Quote configurator listening on http:\/\/127\.0\.0\.1:3000\n$/);
    // the readable line holds no JSON
    expect(user).not.toContain('{');
  });

  it('an error line keeps its fields on the same line', async () => {
    const lines: string[] = [];
    const log = await createLogger('info', { write: (s: string) => void lines.push(s) });
    log.error({ where: 'reminders' }, 'A reminder could not be sent');
    const line = prettyFactory(prettyOptions(false))(lines[0]!);
    expect(line).toMatch(/^\[[\d:.]+\] ERROR: A reminder could not be sent \{"where":"reminders"\}\n$/);
  });
});
