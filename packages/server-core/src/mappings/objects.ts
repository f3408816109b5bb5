import type { ManagementCollection, managementKinds } from '@wsadmin/contract';
import type { z } from 'zod';
import type { ColumnRef, DocumentEntry } from './document';

/**
 * The stored definition of an object of kind `K`: a row of `objects` holds it as JSON, exactly as
 * the management interface writes it (the kind's definition schema), whichever endpoint wrote it.
 */
export type Definition<K extends ManagementCollection> = z.output<(typeof managementKinds)[K]['definition']>;

/** What the older endpoints read of a stored object: its id column and its definition. */
export interface ObjectRecord<K extends ManagementCollection> {
  id: number;
  definition: Definition<K>;
}

/** The column holding every kind's definition. */
export const DEFINITION_COLUMN: ColumnRef = { table: 'objects', column: 'definition' };

/** An object's id: the `id` column of its row, beside the definition. */
export const objectId = <Stored>(): DocumentEntry<Stored> => ({
  kind: 'column',
  at: { table: 'objects', column: 'id' },
});

/** Which models use the object: never stored with it, answered from the models that list it. */
export const usedByModels = <Stored>(): DocumentEntry<Stored> => ({
  kind: 'derived',
  reason: 'from the models that list the object (sql/model-references.ts)',
});
