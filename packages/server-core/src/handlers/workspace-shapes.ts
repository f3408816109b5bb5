import type { Workspace, WorkspaceListItem } from '@wsadmin/contract';
import type { z } from 'zod';
import type { WorkspaceRow } from '../queries/workspaces';

function settings(row: WorkspaceRow) {
  return {
    id: row.id,
    name: row.name,
    desc: row.description,
    adapter: row.adapter,
    auto_add_member: row.auto_add_member === 1,
    date_offset: row.date_offset,
    dt: row.dt === 1,
    enable_dt: row.enable_dt === 1,
    ddya: row.ddya === 1,
    enable_ddya: row.enable_ddya === 1,
    ddra: row.ddra === 1,
    enable_ddra: row.enable_ddra === 1,
    breakPointDisplayType: row.break_point_display_type,
  };
}

/** Detail, create and edit responses spell the switch `hcl`. */
export const toWorkspace = (row: WorkspaceRow): z.input<typeof Workspace> => ({
  ...settings(row),
  hcl: row.hide_titles === 1,
});

/** The list item spells it `hc1`. */
export const toWorkspaceListItem = (row: WorkspaceRow): z.input<typeof WorkspaceListItem> => ({
  ...settings(row),
  hc1: row.hide_titles === 1,
});
