import { describe, expect, it } from 'vitest';
import { managementOperations } from './management';
import { managementCollections, managementKinds, managementOperationIds } from './management-kinds';

describe('managementOperationIds', () => {
  it('names six operations for every object kind, each once, each an operation', () => {
    expect(Object.keys(managementOperationIds)).toEqual(managementCollections);
    const ids = Object.values(managementOperationIds).flatMap((verbs) => Object.values(verbs));
    expect(ids).toHaveLength(managementCollections.length * 6);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(managementOperations).toHaveProperty(id);
  });

  it.each([
    ['dimensions', 'list', 'listManagedDimensions', 'get', '/management/dimensions/'],
    ['dimensions', 'get', 'getManagedDimension', 'get', '/management/dimensions/{id}/'],
    ['time-series', 'preview', 'previewTimeSeriesChange', 'post', '/management/time-series/preview/'],
    ['models', 'create', 'createManagedModel', 'post', '/management/models/'],
    ['sops', 'update', 'updateManagedSop', 'patch', '/management/sops/{id}/'],
    ['datasets', 'remove', 'deleteManagedDataset', 'delete', '/management/datasets/{id}/'],
  ] as const)('%s %s is %s (%s ...%s)', (kind, verb, id, method, path) => {
    expect(managementOperationIds[kind][verb]).toBe(id);
    expect(managementOperations[id].method).toBe(method);
    expect(managementOperations[id].path.endsWith(path)).toBe(true);
  });

  it('keys every kind by its own collection and gives each a distinct facade name', () => {
    for (const [collection, kind] of Object.entries(managementKinds))
      expect(kind.collection).toBe(collection);
    const facades = Object.values(managementKinds).map((kind) => kind.facade);
    expect(new Set(facades).size).toBe(facades.length);
  });
});
