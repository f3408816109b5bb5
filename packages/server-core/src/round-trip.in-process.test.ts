import { afterAll, beforeAll, describe } from 'vitest';
import { runRoundTripProperties } from './scenarios/round-trip';
import { inProcessTarget } from './testing/in-process-target';
import type { Target } from './testing/target';

describe('round-trip properties: app in-process, in-memory storage', () => {
  let target: Target;
  beforeAll(async () => {
    target = await inProcessTarget();
  });
  afterAll(() => target.close());
  runRoundTripProperties(() => target);
});
