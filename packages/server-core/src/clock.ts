/** The one clock every time-based rule reads (key expiry, plan tokens, retention, tasks). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Real time plus an offset that tests move forward (`WSADMIN_TEST_CLOCK=1`, the mock's `clock.advance`). */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  advance(seconds: number): Date {
    this.offsetMs += seconds * 1000;
    return this.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
