import { afterAll, beforeAll, describe } from 'vitest';
import { runScenarios } from './scenarios';
import { inProcessTarget } from './testing/in-process-target';
import type { Target } from './testing/target';

describe('scenarios: app in-process, in-memory storage', () => {
  let target: Target;
  beforeAll(async () => {
    target = await inProcessTarget();
  });
  afterAll(() => target.close());
  runScenarios(() => target);
});
