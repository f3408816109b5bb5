import { ROUND_TRIP_GROUP, runConformance, type Target } from '@wsadmin/conformance';
import { httpTarget } from '@wsadmin/server-testing/http-target';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('round-trip properties: server over HTTP, SQLite file', () => {
  let target: Target;
  beforeAll(async () => {
    target = await httpTarget();
  });
  afterAll(() => target.close?.());
  // Each request crosses a socket and a SQLite file, and account writes hash their passwords at the
  // real scrypt cost (about half a second of CPU each): fewer runs here, fewest of those; the same
  // handlers run 10 times a property in-process.
  runConformance(
    () => target,
    { describe, it, expect, afterAll },
    { groups: [ROUND_TRIP_GROUP], roundTrip: { runs: 5, passwordRuns: 2 } },
  );
});
