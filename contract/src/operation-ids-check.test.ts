import { describe, expect, it } from 'vitest';
import { operationIds } from './all-operations';
import {
  assertOperationId,
  isOperationId,
  nearestOperationIds,
  unknownOperationIdMessage,
} from './operation-ids-check';
import { RouteError } from './route-error';

describe('the run-time operationId check', () => {
  it('knows every operationId of the contract, and nothing else', () => {
    for (const id of operationIds) expect(isOperationId(id), id).toBe(true);
    for (const other of [
      'listWorkspace',
      'ListWorkspaces',
      'toString',
      'constructor',
      '',
      7,
      undefined,
      null,
    ])
      expect(isOperationId(other), String(other)).toBe(false);
  });

  it('suggests the nearest ids by edit distance, case ignored', () => {
    expect(nearestOperationIds('listWorkspace')).toEqual(['listWorkspaces']);
    expect(nearestOperationIds('LISTWORKSPACES')).toEqual(['listWorkspaces']);
    expect(nearestOperationIds('getWorkspce')).toEqual(['getWorkspace']);
    // Ties at the smallest distance are all named, three at most.
    const far = nearestOperationIds('x');
    expect(far.length).toBeGreaterThan(0);
    expect(far.length).toBeLessThanOrEqual(3);
  });

  it('names the unknown id and the nearest valid ones', () => {
    expect(unknownOperationIdMessage('listWorkspace')).toBe(
      "unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?",
    );
    expect(unknownOperationIdMessage(42)).toMatch(
      /^unknown operationId 42 \(a number, not a string\); did you mean '/,
    );
  });

  it('throws a RouteError carrying the id, with where it was written', () => {
    let thrown: unknown;
    try {
      assertOperationId('listWorkspace', 'mock.override');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RouteError);
    expect(thrown).toMatchObject({
      operationId: 'listWorkspace',
      message: "mock.override: unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?",
    });
    expect(() => assertOperationId('listWorkspaces')).not.toThrow();
  });
});
