/** Injectable time source, so expiry and throttling windows can be tested without waiting. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
