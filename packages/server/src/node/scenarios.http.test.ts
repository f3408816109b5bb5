import { operationIds } from '@wsadmin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchOperation } from '../http/match-operation';
import { runScenarios } from '../scenarios';
import type { Target } from '../testing/target';
import { httpTarget } from './testing/http-target';

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
  afterAll(() => target.close());
  runScenarios(() => target);

  it('drove every operation of the contract through real HTTP', () => {
    expect(operationIds.filter((id) => !called.has(id))).toEqual([]);
  });
});
