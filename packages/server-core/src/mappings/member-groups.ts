import type { MemberGroup, RowPermissionSetting, RowPermissionSwitch } from '@wsadmin/contract';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { MemberGroupTable } from '../storage/schema';
import { column, defineMapping, jsonText, zeroOrOne } from './mapping';
import { type ModelPermissionFields, modelPermissionDefaults, modelPermissionEntries } from './permissions';

/** A group and its permissions: the group record, both switches, the row setting, the model permission. */
export type MemberGroupFields = z.output<typeof MemberGroup> &
  z.output<typeof RowPermissionSwitch> &
  z.output<typeof RowPermissionSetting> &
  ModelPermissionFields;

export const memberGroupMapping = defineMapping<MemberGroupFields, MemberGroupTable>()(
  'member_groups',
  {
    id: column('id'),
    name: column('name'),
    enableRowPermission: column('enable_row_permission', zeroOrOne),
    rowPermissionMode: column('row_permission_mode'),
    // Each rule maps through rowRuleMapping (permissions.ts): stored without its derived label.
    rowPermission: column('row_permission', jsonText),
    ...modelPermissionEntries,
  },
  { workspace_id: 'the path workspace: never in the answer' },
);

/** A new group: every permission off. */
export const memberGroupRowDefaults = (workspaceId: number): Insertable<MemberGroupTable> => ({
  workspace_id: workspaceId,
  name: '',
  enable_row_permission: 0,
  row_permission_mode: 1,
  row_permission: '[]',
  ...modelPermissionDefaults(),
});
