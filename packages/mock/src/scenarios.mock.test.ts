import { runConformance, scenarioGroupNames } from '@wsadmin/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockTarget } from './testing/mock-target';

describe('scenarios: MSW mock in Node, fetch intercepted', () => {
  let target: Awaited<ReturnType<typeof mockTarget>>;
  let mocked = 0;
  const unhandled: string[] = [];
  beforeAll(async () => {
    target = await mockTarget();
    target.server.events.on('response:mocked', () => {
      mocked += 1;
    });
    target.server.events.on('request:unhandled', ({ request }) => {
      unhandled.push(`${request.method} ${request.url}`);
    });
  });
  afterAll(() => target.close());

  runConformance(() => target, { describe, it, expect, afterAll }, { groups: scenarioGroupNames });

  it('answered every scenario request through MSW', () => {
    expect(unhandled).toEqual([]);
    expect(mocked).toBeGreaterThan(500);
  });
});
