import type { Clock } from '@wsadmin/server-core';

/** Where a mock's clock stands: frozen at an instant, or real time, plus what `advance` added. */
export interface ClockSetting {
  /** Epoch milliseconds the clock is frozen at (before `offsetMs`); undefined: real time. */
  readonly frozenAtMs: number | undefined;
  readonly offsetMs: number;
}

/**
 * The clock every time rule of the mock reads. Unlike the server's `AdjustableClock`, where it
 * starts can be replaced: a restored snapshot puts back the clock it was taken with, and `reset()`
 * returns to the scenario's start (its `startAt`, or the snapshot it was created from).
 */
export class MockClockState implements Clock {
  #setting: ClockSetting;

  constructor(private start: ClockSetting) {
    this.#setting = start;
  }

  now(): Date {
    return new Date((this.#setting.frozenAtMs ?? Date.now()) + this.#setting.offsetMs);
  }

  advance(seconds: number): Date {
    if (!Number.isFinite(seconds))
      throw new TypeError(`mock.clock.advance: ${seconds} is not a number of seconds`);
    this.#setting = { ...this.#setting, offsetMs: this.#setting.offsetMs + seconds * 1000 };
    return this.now();
  }

  /** Where the clock stands now, to store in a snapshot. */
  setting(): ClockSetting {
    return this.#setting;
  }

  /** Puts the clock where a snapshot had it. */
  set(setting: ClockSetting): void {
    this.#setting = setting;
  }

  /** Back to where the scenario starts. */
  reset(): void {
    this.#setting = this.start;
  }

  /** Makes `setting` where `reset()` returns to (a mock created from a snapshot). */
  startAt(setting: ClockSetting): void {
    this.start = setting;
    this.#setting = setting;
  }
}
