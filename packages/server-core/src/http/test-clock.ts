import { successEnvelope } from '@wsadmin/contract';
import type { Handler } from 'hono';
import { z } from 'zod';
import { AdjustableClock, type Clock } from '../clock';
import { invalidInput } from '../zod-issues';

/** Where a test moves the app's clock (`createApp({ testClock: true })`); never served by default. */
export const TEST_CLOCK_PATH = '/__test__/clock/';

const ClockAdvance = z.strictObject({
  advanceSeconds: z
    .number()
    .min(0)
    .max(10 * 366 * 86_400),
});

/**
 * `POST /__test__/clock/` with `{ "advanceSeconds": n }`: moves `clock` forward and answers the new
 * time. Only an `AdjustableClock` can be moved: any other is refused when the app is made.
 */
export function advanceClock(clock: Clock): Handler {
  if (!(clock instanceof AdjustableClock)) throw new Error('testClock needs an AdjustableClock');
  return async (c) => {
    const parsed = ClockAdvance.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw invalidInput('body', parsed.error);
    const now = clock.advance(parsed.data.advanceSeconds);
    return c.json(successEnvelope({ now: now.toISOString() }, true));
  };
}
