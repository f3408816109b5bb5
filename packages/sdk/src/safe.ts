import type { Facade } from './client';
import { type Result, safe } from './errors';
import type { SafeManagementApi } from './resources/management';
import type { MemberGroupApi, MemberGroupsApi } from './resources/member-groups';
import type { MemberApi, MembersApi } from './resources/members';
import type { MemberGroupId, MemberUid, WorkspaceId } from './types';

/**
 * The non-throwing mirror of an API object: methods that return a promise resolve with a
 * `Result` instead; methods that return a scope return its mirror. Async iteration is unchanged.
 */
export type Safe<T> = {
  [K in keyof T]: K extends symbol
    ? T[K]
    : T[K] extends (...args: infer A) => Promise<infer R>
      ? (...args: A) => Promise<Result<R>>
      : T[K] extends (...args: infer A) => infer R
        ? (...args: A) => Safe<R>
        : Safe<T[K]>;
};

/** `client.safe`: the whole facade in the `{ data, error }` style. */
export interface SafeClient extends Safe<Omit<Facade, 'memberGroups' | 'members' | 'management'>> {
  readonly memberGroups: {
    (workspaceId: WorkspaceId): Safe<MemberGroupsApi>;
    (workspaceId: WorkspaceId, memberGroupId: MemberGroupId): Safe<MemberGroupApi>;
  };
  readonly members: {
    (workspaceId: WorkspaceId): Safe<MembersApi>;
    (workspaceId: WorkspaceId, memberUid: MemberUid): Safe<MemberApi>;
  };
  readonly management: (workspaceId: WorkspaceId) => SafeManagementApi;
}

function wrap(value: unknown): unknown {
  if (typeof value === 'function') {
    return (...args: unknown[]) => {
      const result: unknown = value(...args);
      return result instanceof Promise ? safe(result) : wrap(result);
    };
  }
  if (typeof value !== 'object' || value === null) return value;
  return new Proxy(value, {
    get: (target, key) =>
      typeof key === 'symbol' ? Reflect.get(target, key) : wrap(Reflect.get(target, key)),
  });
}

/** Builds `client.safe` from the facade. */
export const mirror = (facade: Facade) => wrap(facade) as SafeClient;
