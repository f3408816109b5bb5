import type { Member, MemberCreate, ModelPermission, ModelPermissionSwitch } from '@wsadmin/contract';
import type { z } from 'zod';
import type { MemberTable } from '../storage/schema';
import { column, defineMapping, jsonText, zeroOrOne } from './mapping';

/** A member and its model permission (the switch and the setting). */
export type MemberFields = z.output<typeof Member> &
  z.output<typeof MemberCreate> &
  z.output<typeof ModelPermissionSwitch> & { modelPermission: z.output<typeof ModelPermission> };

export const memberMapping = defineMapping<MemberFields, MemberTable>()(
  'members',
  {
    uid: column('account_uid'),
    role: column('role'),
    memberGroupIds: {
      kind: 'derived',
      reason: 'rows of member_group_members, written and read with the member (queries/members.ts)',
    },
    enableModelPermission: column('enable_model_permission', zeroOrOne),
    modelPermission: column('model_permission', jsonText),
  },
  {
    workspace_id: 'the path workspace: never in the answer',
    created_at: 'when the account joined: list order',
  },
  {
    workspace_id: 'integer',
    account_uid: 'text',
    role: 'integer',
    enable_model_permission: 'integer',
    model_permission: 'text',
    created_at: 'text',
  },
);
