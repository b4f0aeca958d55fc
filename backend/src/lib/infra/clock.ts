/**
 * The time as the server sees it, injected through the context (`ctx.clock`) so that every rule
 * asked "now" — on sale, started, refundable, expired — can be tested at any hour without waiting.
 * Production and the demo use the system clock; tests pass a `ManualClock` and move it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test moves it. */
export class ManualClock implements Clock {
  private ms: number;
  constructor(start: Date | number = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  set(to: Date | number): void {
    this.ms = typeof to === 'number' ? to : to.getTime();
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}
