import { BATCH_MAX } from '@wsadmin/contract';
import type { MockClient } from './client';
import type { RequestBody } from './types';

/** A workspace to seed (the create request) with the objects to create inside it. */
export type SeedWorkspace = RequestBody<'createWorkspace'> & {
  /** Source catalogue tables (`PUT .../sources/`). */
  sources?: RequestBody<'setSourceCatalogue'>['tables'];
  timeSeries?: RequestBody<'createTimeSeriesBatch'>['timeSeries'];
  dimensions?: RequestBody<'createDimensions'>['dimensions'];
  measures?: RequestBody<'createMeasures'>['measures'];
  memberGroups?: Array<RequestBody<'createMemberGroup'>>;
  /** Members of the workspace; each `uid` must be a seeded account. */
  members?: Array<RequestBody<'addMember'>>;
};

/**
 * Data the mock starts with (and returns to on `reset()`), written as the contract's create
 * requests and applied through the app itself, so every rule and default applies. Accounts are
 * created first, then the workspaces in order: on a fresh mock they get ids 1, 2, 3, ...
 */
export interface MockSeed {
  accounts?: RequestBody<'createAccounts'>['accounts'];
  workspaces?: SeedWorkspace[];
}

/** A seed written as code: calls operations through the client (with `MOCK_KEY`). */
export type SeedFunction = (client: MockClient) => Promise<void> | void;

export async function applySeed(seed: MockSeed | SeedFunction, client: MockClient): Promise<void> {
  if (typeof seed === 'function') return seed(client);
  for (const accounts of chunks(seed.accounts)) await client.call('createAccounts', { body: { accounts } });
  for (const item of seed.workspaces ?? []) {
    const { sources, timeSeries, dimensions, measures, memberGroups, members, ...workspace } = item;
    const { id } = await client.call('createWorkspace', { body: workspace });
    const params = { workspaceId: id };
    if (sources) await client.call('setSourceCatalogue', { params, body: { tables: sources } });
    for (const batch of chunks(timeSeries)) {
      await client.call('createTimeSeriesBatch', { params, body: { timeSeries: batch } });
    }
    for (const batch of chunks(dimensions)) {
      await client.call('createDimensions', { params, body: { dimensions: batch } });
    }
    for (const batch of chunks(measures))
      await client.call('createMeasures', { params, body: { measures: batch } });
    for (const group of memberGroups ?? []) await client.call('createMemberGroup', { params, body: group });
    for (const member of members ?? []) await client.call('addMember', { params, body: member });
  }
}

/** Batch endpoints take 1 to BATCH_MAX items. */
function chunks<T>(items: T[] | undefined): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < (items?.length ?? 0); start += BATCH_MAX) {
    result.push((items ?? []).slice(start, start + BATCH_MAX));
  }
  return result;
}
