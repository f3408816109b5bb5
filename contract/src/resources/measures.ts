import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { Id, LongText, Names } from '../primitives';
import { API, batchOf, WorkspacePath } from './common';

export const MeasureSort = z.union([z.literal(1), z.literal(-1)]).meta({
  id: 'MeasureSort',
  description: '1 = negative indicator (smaller is better), -1 = positive indicator (larger is better).',
});

export const Measure = z
  .object({ id: Id, names: Names, description: z.string(), sort: MeasureSort })
  .meta({ id: 'Measure' });

export const MeasureCreate = z
  .strictObject({
    names: Names,
    description: LongText.optional().meta({ description: 'Default "".' }),
    sort: MeasureSort.optional().meta({ description: 'Default -1 (positive indicator).' }),
  })
  .meta({ id: 'MeasureCreate' });

export const MeasureUpdate = z
  .strictObject({
    id: Id,
    names: Names.optional(),
    description: LongText.optional(),
    sort: MeasureSort.optional(),
  })
  .meta({ id: 'MeasureUpdate', description: 'Omitted fields keep their value.' });

const base = `${API}/workspaces/{workspaceId}/measures/` as const;

export const measureOperations = {
  listMeasures: defineOperation({
    method: 'get',
    path: base,
    tag: 'Measures',
    summary: 'List measures',
    description: 'Answers every measure of the workspace.',
    permission: 'workspace',
    storedDataRead: true,
    textAnswer: true,
    params: WorkspacePath,
    data: z.array(Measure),
  }),
  createMeasures: defineOperation({
    method: 'post',
    path: `${base}create-measures/`,
    tag: 'Measures',
    summary: 'Create measures in one batch',
    description: 'All or nothing: an invalid item rejects the batch and the error names its index.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ measures: batchOf(MeasureCreate) }),
    data: z.array(Measure),
    // A keyword (first of `names`) already used by another object of the kind: see docs/spec-gaps.md.
    errors: [409],
  }),
  updateMeasures: defineOperation({
    method: 'put',
    path: `${base}update-measures/`,
    tag: 'Measures',
    summary: 'Update measures in one batch',
    description:
      'All or nothing: an invalid item or unknown id rejects the batch and the error names its index.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ measures: batchOf(MeasureUpdate) }),
    data: z.array(Measure),
    // A keyword (first of `names`) already used by another object of the kind: see docs/spec-gaps.md.
    errors: [409],
  }),
  deleteMeasures: defineOperation({
    method: 'delete',
    path: `${base}delete-measures/`,
    tag: 'Measures',
    summary: 'Delete measures in one batch',
    description:
      'All or nothing: an unknown id, or a measure that a published model uses, rejects the batch and the error names its index. An id named twice is deleted once.',
    permission: 'workspace',
    params: WorkspacePath,
    body: z.strictObject({ measureIds: batchOf(Id) }),
    errors: [409],
  }),
};
