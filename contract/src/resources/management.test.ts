import { describe, expect, it } from 'vitest';
import { managementOperationIds, managementOperations } from './management';
import { managementCollections } from './management-kinds';

describe('managementOperationIds', () => {
  it('names six operations for every object kind, each once', () => {
    expect(Object.keys(managementOperationIds).sort()).toEqual([...managementCollections].sort());
    const ids = Object.values(managementOperationIds).flatMap((verbs) => Object.values(verbs));
    expect(ids).toHaveLength(managementCollections.length * 6);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    ['dimensions', 'list', 'listManagedDimensions'],
    ['dimensions', 'get', 'getManagedDimension'],
    ['time-series', 'preview', 'previewTimeSeriesChange'],
    ['models', 'create', 'createManagedModel'],
    ['sops', 'update', 'updateManagedSop'],
    ['datasets', 'remove', 'deleteManagedDataset'],
  ] as const)('%s %s is %s', (kind, verb, id) => {
    expect(managementOperationIds[kind][verb]).toBe(id);
    expect(managementOperations[id].path).toContain(`/management/${kind}/`);
  });
});
