import { ROUND_TRIP_GROUP, runConformance } from '@wsadmin/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockTarget } from './testing/mock-target';

describe('round-trip properties: MSW mock in Node, fetch intercepted', () => {
  let target: Awaited<ReturnType<typeof mockTarget>>;
  beforeAll(async () => {
    target = await mockTarget();
  });
  afterAll(() => target.close());
  // The same handlers run 10 times a property in-process; here the samples cross MSW's interception
  // and the mock's storage, at a cost per request that keeps the file well under 60 s.
  runConformance(
    () => target,
    { describe, it, expect, afterAll },
    { groups: [ROUND_TRIP_GROUP], roundTrip: { runs: 6 } },
  );
});
