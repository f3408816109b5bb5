import type { FeaturePermission, managementKinds } from '@wsadmin/contract';
import type { z } from 'zod';

/** A key to create: what `Target.createKey` takes. */
export interface NewKey {
  name: string;
  description?: string;
  permissions?: FeaturePermission[];
  workspaceIds?: number[] | null;
  expiresAt?: string | null;
}

/** A model's definition without its server-assigned uid: what `Target.seedModel` stores. */
export type NewModel = Omit<z.output<(typeof managementKinds)['models']['definition']>, 'uid'>;

/**
 * One implementation the conformance suite runs against: any server over HTTP (`httpTarget`), or,
 * in this repository, the app in-process, the Node server and the MSW mock. Scenarios only use
 * this interface.
 *
 * `createKey`, `revokeKey` and `advanceClock` are capabilities the public API does not offer: a
 * target with access to the implementation's storage or clock provides them; without one, the
 * scenarios that need it are not run, and the summary says why.
 */
export interface Target {
  name: string;
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
  /** Secret of an unrestricted key. */
  key: string;
  /** Creates a key (restricted or not) and returns its secret. */
  createKey?(key: NewKey): Promise<string>;
  /** Revokes a key by secret. */
  revokeKey?(secret: string): Promise<void>;
  /** Moves the server clock forward and returns the new time (0 reads the clock). */
  advanceClock?(seconds: number): Promise<Date>;
  /**
   * Stores a model, for scenarios of other areas that need one (optional fields default as on a
   * management create). Default: through the public management interface (`seedModelThroughApi`);
   * a target with storage access may store it directly, faster.
   */
  seedModel?(
    workspaceId: number,
    model: Pick<NewModel, 'name' | 'dimensions'> & Partial<NewModel>,
  ): Promise<{ id: number; uid: string }>;
  /** Removes what the target made for the run (its server, its files); optional. */
  close?(): Promise<void>;
}

/** The capabilities a target may lack. */
export type Capability = 'createKey' | 'revokeKey' | 'advanceClock';

export const capabilityNeeds: Readonly<Record<Capability, string>> = {
  createKey: 'needs a target that can create keys',
  revokeKey: 'needs a target that can revoke keys',
  advanceClock: "needs a target that can move the server's clock",
};

/** What a target offers of the optional capabilities. */
export function capabilitiesOf(target: Target): Capability[] {
  return (Object.keys(capabilityNeeds) as Capability[]).filter((name) => target[name] !== undefined);
}
