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
  // Account writes here hash their passwords at the real scrypt cost (seconds a batch on a loaded
  // machine): fewer runs of those; the same handlers run 10 times a property in-process and in the mock.
  runRoundTripProperties(() => target, { runs: 8, passwordRuns: 2 });
});
