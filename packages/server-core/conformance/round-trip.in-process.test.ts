import { ROUND_TRIP_GROUP, runConformance, type Target } from '@wsadmin/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessTarget } from './in-process-target';

describe('round-trip properties: app in-process, in-memory storage', () => {
  let target: Target;
  beforeAll(async () => {
    target = await inProcessTarget();
  });
  afterAll(() => target.close?.());
  runConformance(() => target, { describe, it, expect, afterAll }, { groups: [ROUND_TRIP_GROUP] });
});
