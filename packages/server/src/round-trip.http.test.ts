import type { Target } from '@wsadmin/server-core/testing';
import { runRoundTripProperties } from '@wsadmin/server-core/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { httpTarget } from './testing/http-target';

describe('round-trip properties: server over HTTP, SQLite file', () => {
  let target: Target;
  beforeAll(async () => {
    target = await httpTarget();
  });
  afterAll(() => target.close());
  // Each request crosses a socket and a SQLite file, and account writes hash their passwords at the
  // real scrypt cost (about half a second of CPU each): fewer runs here, fewest of those; the same
  // handlers run 10 times a property in-process.
  runRoundTripProperties(() => target, { runs: 5, passwordRuns: 2 });
});
