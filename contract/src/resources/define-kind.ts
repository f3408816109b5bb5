import { z } from 'zod';
import { Id, ModelRef } from '../primitives';

/**
 * The builder of the management interface's object kinds: `defineKind` turns one kind's facts into
 * the schemas of its definition, create and update changes, and detail. The kinds themselves are
 * declared in management-kinds.ts.
 */

export const Revision = z
  .string()
  .min(1)
  .max(64)
  .meta({ id: 'Revision', description: 'Opaque revision of an object; changes on every change.' });

type Shape = z.core.$ZodLooseShape;
type Optionalised<O extends Shape> = { [K in keyof O]: z.ZodOptional<O[K]> };

/**
 * The `usedByModels` field of a kind's detail, by the kind's `usedByModels` flag. A conditional type
 * rather than a union: declarations then name one shape per kind, which consumers can check with
 * `skipLibCheck: false` (a union of shapes breaks `ZodObject`'s constraint).
 */
type UsedBy<U extends boolean> = U extends true
  ? { usedByModels: z.ZodArray<typeof ModelRef> }
  : Record<never, never>;

interface KindConfig<
  C extends string,
  N extends string,
  P extends string,
  F extends string,
  RO extends Shape,
  R extends Shape,
  O extends Shape,
  U extends boolean,
  Ref extends References,
> {
  /** URL segment: `management/{collection}/`. */
  collection: C;
  /**
   * Singular name: prefix of the component names (`Dimension` -> `DimensionDefinition`) and of the
   * operationIds (`getManagedDimension`, see `ManagementOperationId`).
   */
  schemaName: N;
  /** Plural of `schemaName`, for the list operation (`listManagedDimensions`). */
  plural: P;
  /** Property of the SDK's `client.management(workspaceId)`, e.g. `dimensionTables`. */
  facade: F;
  /** Human label for summaries, e.g. "dimension". */
  label: string;
  /** Fields the server sets and callers cannot change. */
  readOnly: RO;
  required: R;
  /** Fields a create may omit; they take `defaults`. */
  optional: O;
  defaults: { [K in keyof O]: z.output<O[K]> };
  /** Whether details carry `usedByModels` (time series, dimensions, measures, dimension tables, models). */
  usedByModels: U;
  /**
   * Definition fields that hold ids of other kinds: field -> collection pointed at. The server checks
   * them on every change, answers impacts and `dependsOn` from them, and takes a deleted object's id
   * out of every field that points at its kind; `models`' references give `usedByModels`.
   */
  references: Ref;
  /**
   * The source binding, or null: the field naming the source table and the fields naming source
   * fields (text or list of text). A commit that changes the binding schedules a source refresh,
   * whose task checks the binding against the source catalogue; a kind without one never does.
   */
  sourceBinding: SourceBinding | null;
  /** Whether the keyword (first of `names`) is unique within the kind in a workspace. */
  uniqueKeyword: boolean;
  /**
   * The older endpoints that show the same objects, as operationIds: their list (path values:
   * workspace) and detail (workspace, id). A commit of the kind makes them stale.
   */
  legacyViews: LegacyViews;
  refine?: (definition: z.output<z.ZodObject<R & O>>, ctx: z.RefinementCtx) => void;
  /** `refine` as JSON Schema keywords, for the document (zod-to-openapi cannot render a refinement). */
  refineInDocument?: Record<string, unknown>;
}

/** Reference fields of a kind: field -> collection pointed at (checked against the kinds by a test). */
export type References = Readonly<Record<string, string>>;
export interface SourceBinding {
  /** The field naming the source table; an empty table means no binding. */
  table: string;
  /** Fields naming source fields: text (empty means none) or list of text. */
  fields: readonly string[];
}
export interface LegacyViews {
  list?: string;
  detail?: string;
}

function optionalised<O extends Shape>(shape: O): Optionalised<O> {
  const out: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) out[key] = (schema as z.ZodType).optional();
  return out as Optionalised<O>;
}

/** Builds the schemas of one kind: its definition, create and update changes, and detail. */
export function defineKind<
  const C extends string,
  const N extends string,
  const P extends string,
  const F extends string,
  RO extends Shape,
  R extends Shape,
  O extends Shape,
  const U extends boolean,
  const Ref extends References,
>(config: KindConfig<C, N, P, F, RO, R, O, U, Ref>) {
  const { schemaName: name, refine, refineInDocument } = config;
  const writable = { ...config.required, ...config.optional };
  const check = (value: unknown, ctx: z.RefinementCtx) =>
    refine?.(value as z.output<z.ZodObject<R & O>>, ctx);
  const definition = z
    .object({ ...config.readOnly, ...writable })
    .superRefine(check)
    .meta({ id: `${name}Definition`, ...refineInDocument });
  const createChanges = z
    .strictObject({ ...config.required, ...optionalised(config.optional) })
    .superRefine(check)
    .meta({
      id: `${name}CreateChanges`,
      description: `Full definition of a new ${config.label}; omitted optional fields take their defaults.`,
      ...refineInDocument,
    });
  const updateChanges = z.strictObject(optionalised(writable)).meta({
    id: `${name}UpdateChanges`,
    description: 'Omitted fields keep their value; clearing a field needs an explicit empty value.',
  });
  const usedBy = (config.usedByModels ? { usedByModels: z.array(ModelRef) } : {}) as UsedBy<U>;
  const detail = z
    .object({ id: Id, definition, revision: Revision, ...usedBy })
    .meta({ id: `Managed${name}` });
  return { ...config, writable, definition, createChanges, updateChanges, detail };
}
