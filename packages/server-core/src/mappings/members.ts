import type { Member, MemberCreate, MemberModelPermissionItem } from '@wsadmin/contract';
import type { z } from 'zod';
import type { MemberTable } from '../storage/schema';
import { column, defineMapping } from './mapping';
import { type ModelPermissionFields, modelPermissionEntries } from './permissions';

/** A member and its model permission (the switch and the setting, alone or in a batch answer). */
export type MemberFields = z.output<typeof Member> &
  z.output<typeof MemberCreate> &
  z.output<typeof MemberModelPermissionItem> &
  ModelPermissionFields;

export const memberMapping = defineMapping<MemberFields, MemberTable>()(
  'members',
  {
    uid: column('account_uid'),
    // The batch answer's spelling of the same column.
    memberUid: column('account_uid'),
    role: column('role'),
    memberGroupIds: {
      kind: 'derived',
      reason: 'rows of member_group_members, written and read with the member (sql/members.ts)',
    },
    ...modelPermissionEntries,
  },
  {
    workspace_id: 'the path workspace: never in the answer',
    created_at: 'when the account joined: list order',
  },
);
