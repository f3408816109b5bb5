import type { AccountCreate } from '@wsadmin/contract';
import type { z } from 'zod';
import { type ScenarioClient, scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';

/** What the account scenario files share: unique values, lookups and the account client. */

export type NewAccount = z.input<typeof AccountCreate>;

/** 10 lowercase hex characters: unique enough that scenarios sharing a target never collide. */
export const tag = () => crypto.randomUUID().replaceAll('-', '').slice(0, 10);
/** 9 random digits, for phone numbers. */
export const digits = () =>
  String(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0)
    .padStart(10, '0')
    .slice(-9);

export function must<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new Error(`missing ${what}`);
  return value;
}

/** Accounts whose searchable texts contain `text` (q search), by uid. */
export async function uidsMatching(api: ScenarioClient, text: string): Promise<string[]> {
  return (await api.ok('listAccounts', { query: { q: text } })).map((account) => account.uid);
}

/** The fields no two accounts may share, each with a maker of a fresh value. */
export const uniqueFields: Array<['uid' | 'username' | 'phone' | 'email', () => string]> = [
  ['username', () => `u_${tag()}`],
  ['phone', () => `+1 ${digits()}`],
  ['email', () => `${tag()}@example.com`],
  ['uid', () => crypto.randomUUID()],
];

/** The scenario client of one target with the account calls every account scenario uses. */
export function accountClient(target: () => ScenarioTarget) {
  const api = scenarioClient(target);
  const create = (body: NewAccount) => api.ok('createAccount', { body });
  const get = (uid: string) => api.ok('getAccount', { params: { account_uid: uid } });
  const projects = (uid: string, query: Record<string, string | number> = {}, key?: string) =>
    api.ok('listAccountWorkspaces', {
      params: { account_uid: uid },
      query,
      ...(key === undefined ? {} : { key }),
    });
  return { api, create, get, projects };
}
