import type {
  MemberGroup,
  ModelPermission,
  ModelPermissionSwitch,
  RowPermissionSetting,
  RowPermissionSwitch,
} from '@wsadmin/contract';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { MemberGroupTable } from '../storage/schema';
import { column, defineMapping, jsonText, zeroOrOne } from './mapping';

/** A group and its permissions: the group record, both switches, the row setting, the model permission. */
export type MemberGroupFields = z.output<typeof MemberGroup> &
  z.output<typeof RowPermissionSwitch> &
  z.output<typeof RowPermissionSetting> &
  z.output<typeof ModelPermissionSwitch> & { modelPermission: z.output<typeof ModelPermission> };

export const memberGroupMapping = defineMapping<MemberGroupFields, MemberGroupTable>()(
  'member_groups',
  {
    id: column('id'),
    name: column('name'),
    enableRowPermission: column('enable_row_permission', zeroOrOne),
    rowPermissionMode: column('row_permission_mode'),
    // Stored without `resourceLabel`: the label is derived from the dimension when rules are read.
    rowPermission: column('row_permission', jsonText),
    enableModelPermission: column('enable_model_permission', zeroOrOne),
    modelPermission: column('model_permission', jsonText),
  },
  { workspace_id: 'the path workspace: never in the answer' },
  {
    id: 'integer',
    workspace_id: 'integer',
    name: 'text',
    enable_row_permission: 'integer',
    row_permission_mode: 'integer',
    row_permission: 'text',
    enable_model_permission: 'integer',
    model_permission: 'text',
  },
);

/** "Deny nothing": a group or member restricts no model until a permission is set. */
export const NEUTRAL_MODEL_PERMISSION: z.output<typeof ModelPermission> = { effect: 'deny', resource: [] };

/** A new group: every permission off. */
export const memberGroupRowDefaults = (workspaceId: number): Insertable<MemberGroupTable> => ({
  workspace_id: workspaceId,
  name: '',
  enable_row_permission: 0,
  row_permission_mode: 1,
  row_permission: '[]',
  enable_model_permission: 0,
  model_permission: JSON.stringify(NEUTRAL_MODEL_PERMISSION),
});
