import { afterAll, beforeAll, describe } from 'vitest';
import { runScenarios } from '../scenarios';
import type { Target } from '../testing/target';
import { httpTarget } from './testing/http-target';

describe('scenarios: server over HTTP, SQLite file', () => {
  let target: Target;
  beforeAll(async () => {
    target = await httpTarget();
  });
  afterAll(() => target.close());
  runScenarios(() => target);
});
