import { managementCollections, type OperationSpec } from '@wsadmin/contract';
import { inputSchemaOf, type Json, SampleMaker } from './contract-samples';
import { isObject } from './fuzz-case';
import { type FuzzTargets, SEEDED_DIMENSION_KEYWORD } from './fuzz-seed';

/** The valid request every fuzz case starts from, pointed at the seeded objects so it reaches each handler's logic. */

export interface Base {
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
}

export function baseOf(op: OperationSpec, context: FuzzTargets): Base {
  const params: Record<string, string> = {};
  if (op.params) {
    const sample = new SampleMaker(inputSchemaOf(op.params)).sample(inputSchemaOf(op.params), 'minimal');
    const sampled = (name: string) => rawTextOf(isObject(sample) ? sample[name] : '1');
    for (const name of Object.keys(op.params.shape))
      params[name] = encodeSegment(seededParam(op, name, context) ?? sampled(name));
  }
  const query: Record<string, string> = {};
  if (op.query) {
    const schema = inputSchemaOf(op.query);
    const sample = new SampleMaker(schema).sample(schema, 'full');
    // Raw: URLSearchParams encodes.
    if (isObject(sample)) for (const [name, value] of Object.entries(sample)) query[name] = rawTextOf(value);
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${context.key}`,
    'content-type': 'application/json',
  };
  if (op.headers) {
    const schema = inputSchemaOf(op.headers);
    const sample = new SampleMaker(schema).sample(schema, 'full');
    if (isObject(sample))
      for (const [name, value] of Object.entries(sample)) headers[name] = rawTextOf(value);
  }
  return { params, query, headers };
}

/** The seeded object a path parameter names, where there is one. */
function seededParam(op: OperationSpec, name: string, context: FuzzTargets): string | undefined {
  switch (name) {
    case 'workspaceId':
      return String(context.workspaceId);
    case 'timeSeriesId':
      return String(context.objectIds['time-series']);
    case 'member_groups_pk':
      return String(context.memberGroupId);
    case 'member_uid':
    case 'member_id':
    case 'account_uid':
      return context.accountUid;
    case 'type':
      return 'dimensions';
    case 'id': {
      // The collection is the segment before `{id}` (`impacts/{type}/{id}/` uses the `type` above).
      const segment = /\/([^/]+)\/\{id\}\/$/.exec(op.path)?.[1];
      const collection = segment === '{type}' ? 'dimensions' : segment;
      const id =
        collection === undefined
          ? undefined
          : context.objectIds[collection as keyof FuzzTargets['objectIds']];
      return id === undefined ? undefined : String(id);
    }
    default:
      return undefined;
  }
}

const rawTextOf = (value: Json | undefined) =>
  typeof value === 'string' ? value : JSON.stringify(value ?? 1);

/** encodeURIComponent, except that a lone surrogate becomes bytes that are not UTF-8 instead of a throw. */
export function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

export function bodyVariants(body: NonNullable<OperationSpec['body']>): Json[] {
  const maker = new SampleMaker(inputSchemaOf(body));
  const full = maker.rootVariants('full');
  return [...maker.rootVariants('minimal'), ...full];
}

/** Collection an `id` in this operation's body means: the last one named in its path. */
function collectionOf(op: OperationSpec): string | undefined {
  const names: string[] = ['workspaces', ...managementCollections];
  return op.path
    .split('/')
    .filter((segment) => names.includes(segment))
    .at(-1);
}

const ID_LISTS: Record<string, string> = {
  dimensionIds: 'dimensions',
  dimensions: 'dimensions',
  measureIds: 'measures',
  measures: 'measures',
  timeSeriesIds: 'time-series',
  timeSeries: 'time-series',
  dimensionTables: 'dimension-tables',
  workspaceIds: 'workspaces',
  memberGroupIds: 'member-groups',
};

/**
 * Contract-derived samples say `1` for every id and "fuzz" for every name; here the ones that
 * must exist point at the seeded objects instead, so the request reaches the handler's own logic.
 */
export function pointAtSeeded(value: Json, op: OperationSpec, targets: FuzzTargets, key = ''): Json {
  const idOf = (collection: string | undefined): number | undefined => {
    if (collection === 'workspaces') return targets.workspaceId;
    if (collection === 'member-groups') return targets.memberGroupId;
    return collection === undefined
      ? undefined
      : targets.objectIds[collection as keyof FuzzTargets['objectIds']];
  };
  if (Array.isArray(value)) {
    const listOf = ID_LISTS[key];
    if (listOf !== undefined && value.every((item) => typeof item === 'number')) {
      const id = idOf(listOf);
      return id === undefined ? value : value.map(() => id);
    }
    if (key === 'modelUids' || (key === 'resource' && value.every((item) => typeof item === 'string'))) {
      return value.map(() => targets.modelUid);
    }
    return value.map((item) => pointAtSeeded(item, op, targets));
  }
  if (isObject(value)) {
    const out: { [name: string]: Json } = {};
    for (const [name, member] of Object.entries(value)) out[name] = pointAtSeeded(member, op, targets, name);
    return out;
  }
  if (typeof value === 'number' && (key === 'id' || key === 'targetId'))
    return idOf(collectionOf(op)) ?? value;
  if (typeof value === 'string' && key === 'resource') return SEEDED_DIMENSION_KEYWORD;
  if (typeof value === 'string' && key === 'modelUid') return targets.modelUid;
  return value;
}
