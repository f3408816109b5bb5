import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, ContextManager } from '@opentelemetry/api';

/**
 * The server's OpenTelemetry context manager: `AsyncLocalStorage`, switched on only while a context
 * is entered. On Node 20 an `AsyncLocalStorage` runs on async hooks: once any `run` has entered it,
 * a hook runs for every promise of the process (three calls each: its creation, before and after
 * its callbacks), requests that entered no context included. With a tenth of the requests sampled
 * that hook ran on all of them (a dropped request paid about as much as a kept one).
 * Here the storage is switched off again (`disable`) once no `with` is running: after the last
 * entered callback has returned, or its promise settled, in a `process.nextTick` (after the promise
 * callbacks queued then, before the event loop's next callback; never inside a promise's callback,
 * where the hooks are in use: disabling them between a promise's before and after hooks would
 * leave Node's async id stack unbalanced). A request the sampler drops, served while no kept one
 * runs, pays nothing for contexts.
 *
 * What a callback schedules that outlives it (a timer set inside a request, firing after its
 * answer) finds its context again only if the storage is on at that time; while it is off it finds
 * the root context. The server's spans need none there: a request's statements run inside it, and
 * a span that has ended records nothing (decision 0031). Binding an event emitter is not done (the
 * server binds none): `bind` binds functions and returns anything else as it is.
 */
export class OnDemandContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  /** `with` callbacks that have not returned yet (or whose promise has not settled). */
  private running = 0;
  private switchOffScheduled = false;
  private on = false;
  private readonly left = () => this.leave();

  /** `root`: `ROOT_CONTEXT` of `@opentelemetry/api`, given so that this module loads no OpenTelemetry package. */
  constructor(private readonly root: Context) {}

  active(): Context {
    return this.storage.getStore() ?? this.root;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const callback = thisArg === undefined ? fn : (fn.bind(thisArg) as F);
    this.running++;
    this.on = true;
    let result: ReturnType<F>;
    try {
      result = this.storage.run(context, callback, ...args);
    } catch (error) {
      this.leave();
      throw error;
    }
    if (isThenable(result)) result.then(this.left, this.left);
    else this.leave();
    return result;
  }

  bind<T>(context: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const manager = this;
    const bound = function (this: unknown, ...args: unknown[]) {
      return manager.with(context, () => (target as (...args: unknown[]) => unknown).apply(this, args));
    };
    return bound as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.switchOff();
    return this;
  }

  /** Whether the storage (and on Node 20 its hook) is on now. */
  get switchedOn(): boolean {
    return this.on;
  }

  private switchOff(): void {
    this.on = false;
    this.storage.disable();
  }

  private leave(): void {
    this.running--;
    if (this.running > 0 || this.switchOffScheduled) return;
    this.switchOffScheduled = true;
    // A tick, not the next turn: it runs once the promise callbacks now queued have run, before
    // the event loop's next callback (over HTTP the next request read in the same turn, which
    // would otherwise pay the hook too); never inside a promise's callback.
    process.nextTick(() => {
      this.switchOffScheduled = false;
      if (this.running === 0) this.switchOff();
    });
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}
