/** Where "now" comes from. Handlers read it and pass it into commands; deciders never read a clock. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };
