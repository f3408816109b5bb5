import type { ScenarioClient } from '../client';

/** Fixtures the scenario files share. */

/** An id no scenario ever creates (ids are allocated from 1 upwards): the "does not exist" case. */
export const GHOST_ID = 2_000_000_000;

/** Creates a workspace with every default and resolves with its id. */
export const workspaceOf = (api: ScenarioClient) => async (): Promise<number> =>
  (await api.ok('createWorkspace', { body: {} })).id;
