import { type ManagementCollection, managementKinds, type SourceBinding } from '@wsadmin/contract';

/** What the server reads of a kind's declaration (contract `defineKind`) to relate kinds. */
export interface KindFacts {
  collection: string;
  references: Readonly<Record<string, string>>;
  sourceBinding: SourceBinding | null;
  uniqueKeyword: boolean;
}

/** The ids a definition points at, one entry per id. */
export interface OutgoingReference {
  field: string;
  kind: ManagementCollection;
  id: number;
}

/** The source table and fields a definition binds; absent when its kind binds none or the table is empty. */
export interface Binding {
  table: string;
  fields: string[];
}

const idsIn = (definition: object, field: string) =>
  ((definition as Record<string, unknown>)[field] as number[] | undefined) ?? [];

/**
 * The server's reading of the kinds' declared facts: who points at whom, source bindings, unique
 * keywords. Built from a kinds list, so a kind added to the contract (or a throwaway kind in a test)
 * is related by its declaration alone.
 */
export function kindRelations(kinds: readonly KindFacts[]) {
  const byCollection = new Map(kinds.map((kind) => [kind.collection, kind]));
  const factsOf = (kind: string) => byCollection.get(kind);
  return {
    /** The ids a definition of `kind` references, with the field that holds each. */
    outgoing(kind: string, definition: object): OutgoingReference[] {
      return Object.entries(factsOf(kind)?.references ?? {}).flatMap(([field, target]) =>
        idsIn(definition, field).map((id) => ({ field, kind: target as ManagementCollection, id })),
      );
    },
    /** Every [holder kind, field] whose definitions may list ids of `kind`, in declaration order. */
    holders(kind: string): Array<[ManagementCollection, string]> {
      return kinds.flatMap((holder) =>
        Object.entries(holder.references)
          .filter(([, target]) => target === kind)
          .map(([field]): [ManagementCollection, string] => [
            holder.collection as ManagementCollection,
            field,
          ]),
      );
    },
    /** The binding of a definition, by its kind's `sourceBinding`. */
    bindingOf(kind: string, definition: object | null): Binding | undefined {
      const declared = factsOf(kind)?.sourceBinding;
      if (!declared || !definition) return undefined;
      const values = definition as Record<string, unknown>;
      const table = values[declared.table];
      if (typeof table !== 'string' || table === '') return undefined;
      const fields = declared.fields.flatMap((field) => {
        const value = values[field];
        if (Array.isArray(value)) return value as string[];
        return typeof value === 'string' && value !== '' ? [value] : [];
      });
      return { table, fields };
    },
    uniqueKeyword: (kind: string) => factsOf(kind)?.uniqueKeyword ?? false,
  };
}

export type KindRelations = ReturnType<typeof kindRelations>;

/** The relations of the contract's kinds, which the server uses. */
export const managementRelations = kindRelations(Object.values(managementKinds));
