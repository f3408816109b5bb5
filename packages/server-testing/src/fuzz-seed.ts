import { type ManagementCollection, managementKinds } from '@wsadmin/contract';
import type { Schema } from '@wsadmin/server-core';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { seedModelInto } from '../../server-core/conformance/seed-model';
import { insertObject } from '../../server-core/src/sql/objects';
import { inputSchemaOf, SAMPLE_UUID, SampleMaker } from './contract-samples';

/** What the fuzz cases of one operation point at: real objects, so requests reach past "not found". */
export interface FuzzTargets {
  workspaceId: number;
  key: string;
  /** Id of one object per management collection, all in `workspaceId`. */
  objectIds: Record<ManagementCollection, number>;
  memberGroupId: number;
  /** Uid of the seeded model (model permissions name models by uid). */
  modelUid: string;
  /** An account that is a member of the workspace; contract-derived uuids name it. */
  accountUid: string;
}

// The insert is generic per kind; samples are checked by the kind's own schema instead.
const insertAnyObject = insertObject as unknown as (
  db: Kysely<Schema>,
  input: { workspaceId: number; kind: ManagementCollection; definition: unknown },
  now: Date,
) => Promise<{ id: number }>;

async function call(app: Hono, key: string, method: string, path: string, body: unknown) {
  const response = await app.request(`http://fuzz.test${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as { errmsg: string; data: unknown } };
}

async function ok<T>(app: Hono, key: string, method: string, path: string, body: unknown): Promise<T> {
  const { status, answer } = await call(app, key, method, path, body);
  if (status !== 200) throw new Error(`seeding ${method} ${path}: ${status} ${answer.errmsg}`);
  return answer.data as T;
}

/**
 * A fresh workspace with one object of every kind, a member group and a member. Fresh per
 * operation: a fuzzed DELETE may remove what it reaches without starving the next operation.
 */
export async function seedFuzzTargets(
  app: Hono,
  db: Kysely<Schema>,
  key: string,
  now: Date,
): Promise<FuzzTargets> {
  // The contract-derived uuid (operatorUid, member uid, account uid) names this account. A fuzzed
  // delete may have removed it: make sure it exists (409 = it does).
  const account = await call(app, key, 'POST', '/openapi/v1/accounts/', {
    uid: SAMPLE_UUID,
    username: 'fuzz-operator',
  });
  if (account.status !== 200 && account.status !== 409)
    throw new Error(`seeding the account: ${account.answer.errmsg}`);

  const workspace = await ok<{ id: number }>(app, key, 'POST', '/openapi/v1/workspaces/', { name: 'fuzz' });
  const base = `/openapi/v1/workspaces/${workspace.id}`;
  const group = await ok<{ id: number }>(app, key, 'POST', `${base}/member-groups/`, {
    name: 'seeded-group',
  });
  await ok(app, key, 'POST', `${base}/members/`, { uid: SAMPLE_UUID, memberGroupIds: [group.id] });

  const objectIds = {} as Record<ManagementCollection, number>;
  for (const kind of Object.values(managementKinds)) {
    if (kind.collection === 'models') continue;
    const schema = inputSchemaOf(kind.createChanges);
    const sample = new SampleMaker(schema).sample(schema, 'minimal');
    // A keyword of its own, so contract-derived creates ("fuzz") do not collide with it.
    const changes = kind.createChanges.parse({ ...(sample as object), ...namedOf(kind.collection) });
    const definition = kind.definition.parse({ ...kind.defaults, ...changes });
    const stored = await insertAnyObject(
      db,
      { workspaceId: workspace.id, kind: kind.collection, definition },
      now,
    );
    objectIds[kind.collection] = stored.id;
  }
  const model = await seedModelInto(db, () => now)(workspace.id, {
    name: 'seeded-model',
    dimensions: [objectIds.dimensions],
    measures: [objectIds.measures],
  });
  objectIds.models = model.id;
  return {
    workspaceId: workspace.id,
    key,
    objectIds,
    memberGroupId: group.id,
    modelUid: model.uid,
    accountUid: SAMPLE_UUID,
  };
}

/** The keyword of the seeded dimension: row rules name dimensions by keyword. */
export const SEEDED_DIMENSION_KEYWORD = 'seeded-dimensions';

function namedOf(collection: ManagementCollection): Record<string, unknown> {
  switch (collection) {
    case 'time-series':
    case 'dimensions':
    case 'measures':
      return { names: [`seeded-${collection}`] };
    case 'corpus':
      return { title: 'seeded-corpus' };
    default:
      return { name: `seeded-${collection}` };
  }
}
