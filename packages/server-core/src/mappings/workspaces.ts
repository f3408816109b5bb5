import {
  Workspace,
  type WorkspaceCreate,
  type WorkspaceEdit,
  WorkspaceListItem,
  workspaceDefaults,
} from '@wsadmin/contract';
import type { Insertable, Selectable } from 'kysely';
import type { z } from 'zod';
import type { WorkspaceTable } from '../storage/schema';
import { changesOf, column, defineMapping, fromRow, zeroOrOne } from './mapping';

/** Every field a workspace answer (both spellings of the title switch) or write carries. */
export type WorkspaceFields = z.output<typeof Workspace> &
  z.output<typeof WorkspaceListItem> &
  z.output<typeof WorkspaceCreate> &
  z.output<typeof WorkspaceEdit>;

export const workspaceMapping = defineMapping<WorkspaceFields, WorkspaceTable>()(
  'workspaces',
  {
    id: column('id'),
    name: column('name'),
    desc: column('description'),
    adapter: column('adapter'),
    // Two spellings of one switch: writers pass one of them (see oneTitleSwitch).
    hcl: column('hide_titles', zeroOrOne),
    hc1: column('hide_titles', zeroOrOne),
    auto_add_member: column('auto_add_member', zeroOrOne),
    date_offset: column('date_offset'),
    dt: column('dt', zeroOrOne),
    enable_dt: column('enable_dt', zeroOrOne),
    ddya: column('ddya', zeroOrOne),
    enable_ddya: column('enable_ddya', zeroOrOne),
    ddra: column('ddra', zeroOrOne),
    enable_ddra: column('enable_ddra', zeroOrOne),
    breakPointDisplayType: column('break_point_display_type'),
  },
  {
    created_at: 'creation time',
    updated_at: 'time of the last write',
  },
);

/**
 * The write with one title switch: `preferred` wins when both spellings are given (create prefers
 * `hc1`, edit `hcl`), so the two entries of the same column never compete.
 */
export function oneTitleSwitch<T extends { hc1?: boolean | undefined; hcl?: boolean | undefined }>(
  input: T,
  preferred: 'hc1' | 'hcl',
): Omit<T, 'hc1' | 'hcl'> & { hcl?: boolean | undefined } {
  const { hc1, hcl, ...rest } = input;
  return { ...rest, hcl: preferred === 'hc1' ? (hc1 ?? hcl) : (hcl ?? hc1) };
}

/**
 * A new workspace's columns before the request's fields apply: the contract's defaults written
 * through the mapping (codecs included), so a new field's default is declared once, in the contract.
 * The name needs the id (see queries); `mapping.test.ts` checks that every column gets a value.
 */
export const workspaceRowDefaults = (stamp: string): Insertable<WorkspaceTable> => ({
  ...(changesOf(workspaceMapping, workspaceDefaults) as Omit<Insertable<WorkspaceTable>, 'name'>),
  name: '',
  created_at: stamp,
  updated_at: stamp,
});

/** Detail, create and edit responses spell the switch `hcl`; it comes last, as answers always had it. */
export function toWorkspace(row: Selectable<WorkspaceTable>): z.input<typeof Workspace> {
  const { hcl, ...settings } = fromRow(workspaceMapping, Workspace, row);
  return { ...settings, hcl };
}

/** The list item spells it `hc1`, also last. */
export function toWorkspaceListItem(row: Selectable<WorkspaceTable>): z.input<typeof WorkspaceListItem> {
  const { hc1, ...settings } = fromRow(workspaceMapping, WorkspaceListItem, row);
  return { ...settings, hc1 };
}
