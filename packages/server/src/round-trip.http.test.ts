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
  runRoundTripProperties(() => target);
});
