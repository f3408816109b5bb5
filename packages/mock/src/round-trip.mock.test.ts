import { runRoundTripProperties } from '@wsadmin/server-core/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { mockTarget } from './testing/mock-target';

describe('round-trip properties: MSW mock in Node, fetch intercepted', () => {
  let target: Awaited<ReturnType<typeof mockTarget>>;
  beforeAll(async () => {
    target = await mockTarget();
  });
  afterAll(() => target.close());
  runRoundTripProperties(() => target);
});
