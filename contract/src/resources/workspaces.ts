import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { Id, LongText, NonEmptyShortText } from '../primitives';
import { API, batchOf, WorkspacePath } from './common';

const HIDE_TITLES =
  'Hide numeric titles. The spec spells it `hc1` in the list item and the create request, and `hcl` in the detail, the create response, the edit request and the edit response; the other spelling is accepted on input as an alias.';

/** Settings every workspace has; defaults are the spec's where it gives them (see docs/spec-gaps.md). */
const settings = {
  adapter: z.number().int().min(0).meta({
    description:
      'Database type code. The spec types it as a string in the list description and as int elsewhere; it is an integer here. Allowed values are not shown: any integer >= 0, default 0.',
  }),
  auto_add_member: z.boolean().meta({ description: 'Add users as members automatically. Default false.' }),
  date_offset: z.number().int().meta({ description: 'Base date offset. Default -1.' }),
  dt: z.boolean().meta({ description: 'Default setting of time-data smart analysis. Default true.' }),
  enable_dt: z.boolean().meta({ description: 'Time-data smart analysis enabled. Default true.' }),
  ddya: z
    .boolean()
    .meta({ description: 'Default setting of dimension year-over-year analysis. Default true.' }),
  enable_ddya: z.boolean().meta({ description: 'Dimension year-over-year analysis enabled. Default true.' }),
  ddra: z
    .boolean()
    .meta({ description: 'Default setting of dimension period-over-period analysis. Default true.' }),
  enable_ddra: z
    .boolean()
    .meta({ description: 'Dimension period-over-period analysis enabled. Default true.' }),
  breakPointDisplayType: z.number().int().min(0).max(2).meta({
    description:
      'Date break-point completion (values not shown in the spec): 0 = leave the gap, 1 = fill with zero, 2 = carry the previous value. Default 0.',
  }),
};

export const workspaceDefaults = {
  desc: '',
  adapter: 0,
  auto_add_member: false,
  date_offset: -1,
  dt: true,
  enable_dt: true,
  ddya: true,
  enable_ddya: true,
  ddra: true,
  enable_ddra: true,
  breakPointDisplayType: 0,
  hcl: false,
} as const;

const identity = { id: Id, name: z.string(), desc: z.string() };

export const WorkspaceListItem = z
  .object({ ...identity, hc1: z.boolean().meta({ description: HIDE_TITLES }), ...settings })
  .meta({ id: 'WorkspaceListItem', description: 'A workspace as the list returns it (`hc1` spelling).' });

export const Workspace = z
  .object({ ...identity, hcl: z.boolean().meta({ description: HIDE_TITLES }), ...settings })
  .meta({
    id: 'Workspace',
    description: 'A workspace in detail, create and edit responses (`hcl` spelling).',
  });

const writableSettings = z.object(settings).partial().shape;

export const WorkspaceCreate = z
  .strictObject({
    name: NonEmptyShortText.optional().meta({ description: 'Default: "Workspace {id}".' }),
    desc: LongText.optional(),
    hc1: z.boolean().optional().meta({ description: HIDE_TITLES }),
    hcl: z
      .boolean()
      .optional()
      .meta({ description: 'Alias of `hc1` on create; `hc1` wins when both are given.' }),
    ...writableSettings,
  })
  .meta({ id: 'WorkspaceCreate', description: 'All fields are optional; omitted ones take their defaults.' });

const editFields = {
  name: NonEmptyShortText.optional(),
  desc: LongText.optional(),
  hcl: z.boolean().optional().meta({ description: HIDE_TITLES }),
  hc1: z
    .boolean()
    .optional()
    .meta({ description: 'Alias of `hcl` on edit; `hcl` wins when both are given.' }),
  ...writableSettings,
};

export const WorkspaceEdit = z
  .strictObject({
    id: Id.optional().meta({ description: 'When given it must equal the path id.' }),
    ...editFields,
  })
  .meta({ id: 'WorkspaceEdit', description: 'Omitted fields keep their current value.' });

export const WorkspaceBatchEditItem = z
  .strictObject({ id: Id, ...editFields })
  .meta({ id: 'WorkspaceBatchEditItem', description: 'Omitted fields keep their current value.' });

export const workspaceOperations = {
  listWorkspaces: defineOperation({
    method: 'get',
    path: `${API}/workspaces/`,
    tag: 'Workspaces',
    summary: 'List workspaces',
    description:
      'Lists the workspaces the key may access. `q` filters on `name` and `desc` (substring, case-insensitive); empty means all.',
    permission: 'workspace',
    workspaceScope:
      "Only the workspaces in the key's set are listed (all of them for a key without a workspace restriction).",
    storedDataRead: true,
    query: z.object({ q: z.string().max(255).optional() }),
    data: z.array(WorkspaceListItem),
  }),
  getWorkspace: defineOperation({
    method: 'get',
    path: `${API}/workspaces/{workspaceId}/`,
    tag: 'Workspaces',
    summary: 'Get a workspace',
    description: 'Answers one workspace in the detail shape (`hcl` spelling).',
    permission: 'workspace',
    storedDataRead: true,
    textAnswer: true,
    params: WorkspacePath,
    data: Workspace,
  }),
  createWorkspace: defineOperation({
    method: 'post',
    path: `${API}/workspaces/`,
    tag: 'Workspaces',
    summary: 'Create a workspace',
    description: 'Creates a workspace; omitted settings take their defaults. Answers it with its new `id`.',
    permission: 'workspace',
    workspaceScope:
      'A key limited to some workspaces cannot create workspaces (403): the new one would be outside its set.',
    body: WorkspaceCreate,
    data: Workspace,
  }),
  createWorkspaces: defineOperation({
    method: 'post',
    path: `${API}/workspaces/create-workspaces/`,
    tag: 'Workspaces',
    summary: 'Create workspaces in one batch',
    description: 'All or nothing: an invalid item rejects the batch and the error names its index.',
    permission: 'workspace',
    workspaceScope:
      'A key limited to some workspaces cannot create workspaces (403): the new one would be outside its set.',
    body: z.strictObject({ workspaces: batchOf(WorkspaceCreate) }),
    data: z.array(Workspace),
  }),
  updateWorkspace: defineOperation({
    method: 'put',
    path: `${API}/workspaces/{workspaceId}/`,
    tag: 'Workspaces',
    summary: 'Edit a workspace',
    description:
      'Changes the given settings of a workspace; omitted fields keep their value. Answers the whole workspace.',
    permission: 'workspace',
    params: WorkspacePath,
    body: WorkspaceEdit,
    data: Workspace,
  }),
  updateWorkspaces: defineOperation({
    method: 'put',
    path: `${API}/workspaces/update-workspaces/`,
    tag: 'Workspaces',
    summary: 'Edit workspaces in one batch',
    description:
      'All or nothing: an invalid item or unknown id rejects the batch and the error names its index.',
    permission: 'workspace',
    workspaceScope:
      "Every id in the body must be in the key's workspace set; one outside it rejects the batch with 403.",
    body: z.strictObject({ workspaces: batchOf(WorkspaceBatchEditItem) }),
    data: z.array(Workspace),
    errors: [404],
  }),
  deleteWorkspace: defineOperation({
    method: 'delete',
    path: `${API}/workspaces/{workspaceId}/`,
    tag: 'Workspaces',
    summary: 'Delete a workspace and everything in it',
    description: 'Deletes the workspace with all its objects, members, member groups and operation records.',
    permission: 'workspace',
    params: WorkspacePath,
  }),
  deleteWorkspaces: defineOperation({
    method: 'delete',
    path: `${API}/workspaces/delete-workspaces/`,
    tag: 'Workspaces',
    summary: 'Delete workspaces in one batch',
    description:
      'All or nothing: an unknown id rejects the batch and the error names its index. An id named twice is deleted once.',
    permission: 'workspace',
    workspaceScope:
      "Every id in the body must be in the key's workspace set; one outside it rejects the batch with 403.",
    body: z.strictObject({ workspaceIds: batchOf(Id) }),
    errors: [404],
  }),
};
