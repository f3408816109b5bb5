import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore';

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Semaphore', () => {
  it('lets `permits` holders in at once and the rest in order as permits come back', async () => {
    const slots = new Semaphore(2);
    const order: string[] = [];
    await slots.acquire();
    await slots.acquire();
    const third = slots.acquire().then(() => order.push('third'));
    const fourth = slots.acquire().then(() => order.push('fourth'));
    await settle();
    expect([order, slots.waiting]).toEqual([[], 2]);
    slots.release();
    await third;
    expect(order).toEqual(['third']);
    slots.release();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
  });

  it('rejects a waiter whose signal aborts with its reason, and takes it out of the line', async () => {
    const slots = new Semaphore(1);
    await slots.acquire();
    const controller = new AbortController();
    const abandoned = slots.acquire(controller.signal);
    const next = slots.acquire();
    controller.abort(new Error('gone'));
    await expect(abandoned).rejects.toThrow('gone');
    expect(slots.waiting).toBe(1);
    slots.release();
    await next;
    // The abandoned waiter took no permit: after `next` releases, one permit is free again.
    slots.release();
    await slots.acquire();
    expect(slots.waiting).toBe(0);
  });

  it('refuses at once with a signal already aborted, even with a permit free', async () => {
    const slots = new Semaphore(1);
    await expect(slots.acquire(AbortSignal.abort(new Error('late')))).rejects.toThrow('late');
    await slots.acquire();
  });

  it('run releases its permit whether the work succeeds or throws', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(await slots.run(async () => 'done')).toBe('done');
    await slots.acquire();
  });

  it('refuses a count of permits that is not a whole number >= 1', () => {
    expect(() => new Semaphore(0)).toThrow(/whole number of permits >= 1, got 0/);
    expect(() => new Semaphore(1.5)).toThrow(RangeError);
  });
});
