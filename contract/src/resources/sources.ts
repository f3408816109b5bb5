import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { NonEmptyShortText } from '../primitives';
import { API, WorkspacePath } from './common';

export const SourceTable = z
  .object({ name: NonEmptyShortText, fields: z.array(NonEmptyShortText).max(1000) })
  .meta({ id: 'SourceTable' });

export const SourceCatalogue = z.object({ tables: z.array(SourceTable).max(1000) }).meta({
  id: 'SourceCatalogue',
  description:
    'Reference-server extension: the source tables a workspace can bind to. Refresh tasks check bindings of dimension tables, datasets and time series against it.',
});

const path = `${API}/workspaces/{workspaceId}/sources/` as const;

export const sourceOperations = {
  getSourceCatalogue: defineOperation({
    method: 'get',
    path,
    tag: 'Management',
    extension: true,
    summary: 'Get the source catalogue of a workspace',
    description:
      'Answers the source tables and fields the workspace can bind time series, dimension tables and datasets to.',
    permission: 'workspace',
    storedDataRead: true,
    params: WorkspacePath,
    data: SourceCatalogue,
  }),
  setSourceCatalogue: defineOperation({
    method: 'put',
    path,
    tag: 'Management',
    extension: true,
    summary: 'Replace the source catalogue of a workspace',
    description: 'Table names must be unique. The next source refresh sees the new catalogue.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ tables: z.array(SourceTable.strict()).max(1000) }),
    data: SourceCatalogue,
  }),
};
