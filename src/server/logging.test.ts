// The request line's timestamp: the kept-per-second text must give exactly what pino's isoTime gives.
import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { isoTimeCached } from './logging';

const isoTimeAt = (ms: number) => `,"time":"${new Date(ms).toISOString()}"`;

describe('isoTimeCached', () => {
  it('writes the time as pino.stdTimeFunctions.isoTime does, at every millisecond around a second and a day', () => {
    let now = 0;
    const time = isoTimeCached(() => now);
    const day = Date.UTC(2026, 10, 23); // midnight, also a second boundary
    for (const start of [day - 1500, Date.UTC(2026, 11, 31, 23, 59, 59), Date.UTC(2028, 1, 29, 12)]) {
      for (now = start; now < start + 2100; now++) expect(time()).toBe(isoTimeAt(now));
    }
    expect(pino.stdTimeFunctions.isoTime().startsWith(',"time":"')).toBe(true);
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
