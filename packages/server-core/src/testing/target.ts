import type { NewKey } from '../auth/keys';
import type { NewModel } from '../queries/models';

/**
 * One implementation the scenario suite runs against: the server over HTTP, the app in-process,
 * the MSW mock. Scenarios only use this interface.
 */
export interface Target {
  name: string;
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  /** Secret of an unrestricted key. */
  key: string;
  /** Creates a key (restricted or not) and returns its secret. */
  createKey(key: NewKey): Promise<string>;
  /** Revokes a key by secret. */
  revokeKey(secret: string): Promise<void>;
  /** Moves the server clock forward and returns the new time (0 reads the clock). */
  advanceClock(seconds: number): Promise<Date>;
  /**
   * Stores a model directly (models are otherwise made through the management interface), for
   * scenarios of other areas that need one. Optional fields default as on a management create.
   */
  seedModel(
    workspaceId: number,
    model: Pick<NewModel, 'name' | 'dimensions'> & Partial<NewModel>,
  ): Promise<{ id: number; uid: string }>;
  /** Removes all data (between test files). */
  close(): Promise<void>;
}
