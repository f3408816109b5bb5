import {
  ModelPermission,
  type ModelPermissionInput,
  type ModelPermissionSwitch,
  RowPermissionRule,
  type RowPermissionRuleInput,
} from '@wsadmin/contract';
import type { z } from 'zod';
import type { MemberGroupTable, MemberTable } from '../storage/schema';
import { answerReader, defineDocumentMapping, key } from './document';
import { column, jsonText, zeroOrOne } from './mapping';

/** A row rule as stored: the answer without its label, which is derived when it is read. */
export type StoredRowRule = Omit<z.output<typeof RowPermissionRule>, 'resourceLabel'>;
export type StoredModelPermission = z.output<typeof ModelPermission>;

/** One rule of a member group's row permission: an element of the JSON array in `row_permission`. */
export const rowRuleMapping = defineDocumentMapping<
  z.output<typeof RowPermissionRule> & z.output<typeof RowPermissionRuleInput>,
  StoredRowRule
>()('row permission rule', [{ table: 'member_groups', column: 'row_permission' }], {
  effect: key('effect'),
  resource: key('resource'),
  values: key('values'),
  operator: key('operator'),
  modelUids: key('modelUids'),
  modelUid: {
    kind: 'key',
    key: 'modelUids',
    apart: 'the legacy single-model form: checkRowRules stores it as modelUids: [modelUid]',
  },
  // A rule saved before its dimension was renamed or deleted is still answered (label = resource)
  // rather than dropped, so the caller sees it and can fix it.
  resourceLabel: {
    kind: 'derived',
    reason: 'the dimension keyword, which `resource` holds',
    read: (rule: StoredRowRule) => rule.resource,
  },
});

/** The model permission of a member group or a member: the JSON object in `model_permission`. */
export const modelPermissionMapping = defineDocumentMapping<
  z.output<typeof ModelPermission> & z.output<typeof ModelPermissionInput>,
  StoredModelPermission
>()(
  'model permission',
  [
    { table: 'member_groups', column: 'model_permission' },
    { table: 'members', column: 'model_permission' },
  ],
  { effect: key('effect'), resource: key('resource') },
);

const readRule = answerReader(rowRuleMapping, RowPermissionRule);
const readModelPermission = answerReader(modelPermissionMapping, ModelPermission);

export const toRuleAnswer = (rule: StoredRowRule) => readRule(rule);
export const toModelPermission = (permission: StoredModelPermission) => readModelPermission(permission);

/** "Deny nothing": a group or member restricts no model until a permission is set. */
export const NEUTRAL_MODEL_PERMISSION: StoredModelPermission = { effect: 'deny', resource: [] };

/** The columns of a model permission, alike in `member_groups` and `members`. */
type ModelPermissionColumns = Pick<
  MemberGroupTable & MemberTable,
  'enable_model_permission' | 'model_permission'
>;

/** The entries of the switch and the setting, shared by the member-group and member mappings. */
export const modelPermissionEntries = {
  enableModelPermission: column<ModelPermissionColumns>('enable_model_permission', zeroOrOne),
  modelPermission: column<ModelPermissionColumns>('model_permission', jsonText),
};

/** The contract fields those entries map. */
export type ModelPermissionFields = z.output<typeof ModelPermissionSwitch> & {
  modelPermission: StoredModelPermission;
};

/** Switch off, "deny nothing": what a new group or member holds. */
export const modelPermissionDefaults = (): ModelPermissionColumns => ({
  enable_model_permission: 0,
  model_permission: JSON.stringify(NEUTRAL_MODEL_PERMISSION),
});
