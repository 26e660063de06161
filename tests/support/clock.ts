import type { Clock } from '../../src/server/clock';

/** A clock the test moves by hand, for expiry and throttling windows. */
export class TestClock implements Clock {
  private t: number;
  constructor(start = Date.parse('2026-03-01T09:00:00.000Z')) {
    this.t = start;
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
