import { runConformance, scenarioGroupNames, type Target } from '@wsadmin/conformance';
import { operationIds } from '@wsadmin/contract';
import { matchOperation } from '@wsadmin/server-core';
import { httpTarget } from '@wsadmin/server-testing/http-target';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('scenarios: server over HTTP, SQLite file', () => {
  let target: Target;
  const called = new Set<string>();
  beforeAll(async () => {
    const http = await httpTarget();
    // Records which contract operation each request reached, to prove the suite drives every endpoint.
    target = {
      ...http,
      fetch: (request) => {
        const operation = matchOperation(request.method, new URL(request.url).pathname);
        if (operation) called.add(operation.operationId);
        return http.fetch(request);
      },
    };
  });
  afterAll(() => target.close?.());
  runConformance(() => target, { describe, it, expect, afterAll }, { groups: scenarioGroupNames });

  it('drove every operation of the contract through real HTTP', () => {
    expect(operationIds.filter((id) => !called.has(id))).toEqual([]);
  });
});
