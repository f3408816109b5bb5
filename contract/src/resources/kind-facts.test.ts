import { describe, expect, it } from 'vitest';
import { operationIds } from '../all-operations';
import { managementCollections, managementKinds } from './management-kinds';

/**
 * The per-kind facts of `defineKind` are plain text (field names, collections, operationIds) that
 * the server and the SDK interpret; these checks keep each name pointing at something real.
 */
const kinds = Object.values(managementKinds);
const fieldsOf = (kind: (typeof kinds)[number]) => Object.keys(kind.definition.shape);

describe('the declared facts of each kind', () => {
  it.each(kinds.map((kind) => [kind.collection, kind] as const))(
    '%s: references are id-list fields pointing at declared kinds',
    (_, kind) => {
      for (const [field, target] of Object.entries(kind.references)) {
        expect(fieldsOf(kind)).toContain(field);
        expect(managementCollections as readonly string[]).toContain(target);
        const ids = kind.definition.shape[field as keyof typeof kind.definition.shape];
        expect((ids as { safeParse(v: unknown): { success: boolean } }).safeParse([1, 2]).success).toBe(true);
      }
    },
  );

  it.each(kinds.map((kind) => [kind.collection, kind] as const))(
    '%s: source binding, keyword and legacy views name real fields and operations',
    (_, kind) => {
      const binding = kind.sourceBinding;
      if (binding)
        for (const field of [binding.table, ...binding.fields]) expect(fieldsOf(kind)).toContain(field);
      if (kind.uniqueKeyword) expect(fieldsOf(kind)).toContain('names');
      for (const operationId of Object.values(kind.legacyViews))
        expect(operationIds as readonly string[]).toContain(operationId);
    },
  );

  it('models reference exactly the kinds whose details carry usedByModels (models aside)', () => {
    const referenced = new Set(Object.values(managementKinds.models.references));
    const carrying = kinds.filter((kind) => kind.usedByModels && kind.collection !== 'models');
    expect(carrying.map((kind) => kind.collection).sort()).toEqual([...referenced].sort());
  });
});
