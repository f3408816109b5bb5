import { workspaceDefaults } from '../resources/workspaces';
import type { ExamplesOf } from './example';
import { exampleWorld } from './values';

const { workspace } = exampleWorld;
const { hcl, ...settings } = workspace;
const listItem = { ...settings, hc1: hcl };
const created = { ...workspaceDefaults, id: 2, name: 'Marketing', desc: 'Campaign analysis', date_offset: 0 };
const params = { workspaceId: workspace.id };

export const workspaceExamples = {
  listWorkspaces: { query: { q: 'sales' }, data: [listItem] },
  getWorkspace: { params, data: workspace },
  createWorkspace: {
    body: { name: 'Marketing', desc: 'Campaign analysis', date_offset: 0 },
    data: created,
  },
  createWorkspaces: {
    body: { workspaces: [{ name: 'North' }, { name: 'South', dt: false }] },
    data: [
      { ...workspaceDefaults, id: 2, name: 'North' },
      { ...workspaceDefaults, id: 3, name: 'South', dt: false },
    ],
  },
  updateWorkspace: {
    params,
    body: { name: 'Sales EMEA', enable_ddra: false },
    data: { ...workspace, name: 'Sales EMEA', enable_ddra: false },
  },
  updateWorkspaces: {
    body: { workspaces: [{ id: workspace.id, desc: 'Orders, revenue and returns' }] },
    data: [{ ...workspace, desc: 'Orders, revenue and returns' }],
  },
  deleteWorkspace: { params },
  deleteWorkspaces: { body: { workspaceIds: [workspace.id] } },
} satisfies ExamplesOf<
  | 'listWorkspaces'
  | 'getWorkspace'
  | 'createWorkspace'
  | 'createWorkspaces'
  | 'updateWorkspace'
  | 'updateWorkspaces'
  | 'deleteWorkspace'
  | 'deleteWorkspaces'
>;
