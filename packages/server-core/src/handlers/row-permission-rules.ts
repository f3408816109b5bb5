import type { RowPermissionRuleInput } from '@wsadmin/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { invalid } from '../errors';
import { documentOf } from '../mappings/document';
import { rowRuleMapping, type StoredRowRule } from '../mappings/permissions';
import { listObjects, type StoredObject } from '../sql/objects';
import type { Schema } from '../storage/schema';
import { forEachItem } from './batch';
import { requireModel, type WorkspaceModels, workspaceModels } from './model-permission-rules';

type RuleInput = z.output<typeof RowPermissionRuleInput>;
type DimensionsByKeyword = ReadonlyMap<string, StoredObject<'dimensions'>>;

/**
 * Checks every rule against the workspace's dimensions and models, naming the first bad rule's
 * index (`body.rowPermission.2: ...`), and returns them as stored: legacy `modelUid` becomes
 * `modelUids: [modelUid]`.
 */
export async function checkRowRules(
  db: Kysely<Schema>,
  workspaceId: number,
  rules: readonly RuleInput[],
  signal: AbortSignal | undefined,
): Promise<StoredRowRule[]> {
  const dimensions = await listObjects(db, workspaceId, 'dimensions');
  const byKeyword: DimensionsByKeyword = new Map(dimensions.map((d) => [d.definition.names[0] ?? '', d]));
  const models = await workspaceModels(db, workspaceId);
  return forEachItem(
    'rowPermission',
    rules,
    async (rule) => checkRule(rule, byKeyword, models, workspaceId),
    signal,
  );
}

function checkRule(
  rule: RuleInput,
  dimensions: DimensionsByKeyword,
  models: WorkspaceModels,
  workspaceId: number,
): StoredRowRule {
  const { modelUid, modelUids } = rule;
  if (modelUid !== undefined && modelUids !== undefined) {
    throw invalid('send modelUids or the legacy modelUid, not both');
  }
  const dimension = dimensions.get(rule.resource);
  if (!dimension) {
    throw invalid(
      `resource "${rule.resource}" is not the keyword of a dimension of workspace ${workspaceId}`,
    );
  }
  const stored = documentOf(rowRuleMapping, rule) as StoredRowRule;
  const uids = modelUid !== undefined ? [modelUid] : modelUids;
  if (uids === undefined) return stored;
  uids.forEach((uid, index) => {
    const field = modelUid !== undefined ? 'modelUid' : `modelUids.${index}`;
    const model = requireModel(models, uid, field, workspaceId);
    if (!model.definition.dimensions.includes(dimension.id)) {
      throw invalid(
        `${field}: model "${uid}" (${model.definition.name}) does not contain dimension "${rule.resource}"`,
      );
    }
  });
  return { ...stored, modelUids: [...uids] };
}
