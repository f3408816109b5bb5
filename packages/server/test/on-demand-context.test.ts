import { setImmediate as nextTurn } from 'node:timers/promises';
import { createContextKey, ROOT_CONTEXT } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { OnDemandContextManager } from '../src/on-demand-context';

const KEY = createContextKey('on-demand-context test');
const named = (name: string) => ROOT_CONTEXT.setValue(KEY, name);
const nameIn = (manager: OnDemandContextManager) => manager.active().getValue(KEY);

describe('the context manager that is on only while a context is entered', () => {
  it('keeps a context through the awaits of its callback, and two callbacks that interleave apart', async () => {
    const manager = new OnDemandContextManager(ROOT_CONTEXT);
    const seen: unknown[] = [];
    const request = (name: string) =>
      manager.with(named(name), async () => {
        await nextTurn();
        seen.push(nameIn(manager));
        await Promise.resolve();
        seen.push(nameIn(manager));
      });
    await Promise.all([request('a'), request('b')]);
    expect(seen.sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(nameIn(manager)).toBeUndefined();
  });

  it('switches the storage off once the last callback settled, and on again at the next', async () => {
    const manager = new OnDemandContextManager(ROOT_CONTEXT);
    expect(manager.switchedOn).toBe(false);
    const first = manager.with(named('first'), async () => {
      await nextTurn();
      return nameIn(manager);
    });
    expect(manager.switchedOn).toBe(true);
    expect(await first).toBe('first');
    await nextTurn();
    await nextTurn();
    expect(manager.switchedOn).toBe(false);
    // Off, a promise's callback finds the root context.
    await Promise.resolve();
    expect(manager.active()).toBe(ROOT_CONTEXT);
    expect(await manager.with(named('second'), async () => nameIn(manager))).toBe('second');
  });

  it("switches off before the event loop's next callback: the next request read in the same turn pays no hook", async () => {
    const manager = new OnDemandContextManager(ROOT_CONTEXT);
    const seen: boolean[] = [];
    // Two callbacks of one turn of the loop, as two requests read from their sockets in one poll.
    await new Promise<void>((resolve) => {
      setImmediate(() => {
        void manager.with(named('kept'), async () => {
          await Promise.resolve();
          seen.push(manager.switchedOn);
        });
      });
      setImmediate(() => {
        seen.push(manager.switchedOn);
        resolve();
      });
    });
    expect(seen).toEqual([true, false]);
  });

  it('stays on while one callback still runs after another has ended', async () => {
    const manager = new OnDemandContextManager(ROOT_CONTEXT);
    let release = () => {};
    const long = manager.with(named('long'), async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return nameIn(manager);
    });
    await manager.with(named('short'), async () => nameIn(manager));
    await nextTurn();
    await nextTurn();
    expect(manager.switchedOn).toBe(true);
    release();
    expect(await long).toBe('long');
  });

  it('restores the outer context after a nested one, after a throw too, and switches off after a synchronous throw', async () => {
    const manager = new OnDemandContextManager(ROOT_CONTEXT);
    const inner = manager.with(named('outer'), () => {
      expect(() =>
        manager.with(named('thrown'), () => {
          throw new Error('inside');
        }),
      ).toThrow('inside');
      const nested = manager.with(named('inner'), () => nameIn(manager));
      return [nested, nameIn(manager)];
    });
    expect(inner).toEqual(['inner', 'outer']);
    await nextTurn();
    await nextTurn();
    expect(manager.switchedOn).toBe(false);
  });

  it('binds a function to a context, with its this and arguments, and gives anything else back as it is', () => {
    const manager = new OnDemandContextManager(ROOT_CONTEXT);
    const holder = {
      prefix: 'seen ',
      read(this: { prefix: string }, suffix: string) {
        return `${this.prefix}${String(nameIn(manager))}${suffix}`;
      },
    };
    const bound = manager.bind(named('bound'), holder.read);
    expect(bound.call(holder, '!')).toBe('seen bound!');
    const target = { not: 'a function' };
    expect(manager.bind(named('bound'), target)).toBe(target);
  });
});
