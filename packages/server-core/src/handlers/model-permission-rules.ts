import type { ModelPermissionInput } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { invalid } from '../errors';
import { documentOf } from '../mappings/document';
import { modelPermissionMapping, type StoredModelPermission } from '../mappings/permissions';
import { listObjects, type StoredObject } from '../sql/objects';
import type { Schema } from '../storage/schema';

/** The models of a workspace by uid, drafts included: a permission may name a model before it is published. */
export type WorkspaceModels = ReadonlyMap<string, StoredObject<'models'>>;

export async function workspaceModels(db: Kysely<Schema>, workspaceId: number): Promise<WorkspaceModels> {
  const models = await listObjects(db, workspaceId, 'models');
  return new Map(models.map((model) => [model.definition.uid, model]));
}

export function requireModel(models: WorkspaceModels, uid: string, field: string, workspaceId: number) {
  const model = models.get(uid);
  if (!model) {
    const message = `model "${uid}" is not a model of workspace ${workspaceId}`;
    throw invalid(`${field}: ${message}`, [{ path: field, message }]);
  }
  return model;
}

/** Every uid of `resource` must be a model of the workspace; `field` names it in the error (e.g. `body.resource`). */
export function checkModelPermission(
  input: z.output<typeof ModelPermissionInput>,
  models: WorkspaceModels,
  workspaceId: number,
  field: string,
): StoredModelPermission {
  input.resource.forEach((uid, index) => {
    requireModel(models, uid, `${field}.${index}`, workspaceId);
  });
  // The contract requires both fields of the input, so the stored permission is whole.
  return documentOf(modelPermissionMapping, input) as StoredModelPermission;
}
