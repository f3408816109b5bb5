import type { ScenarioClient } from '../../client';
import type { ScenarioTarget } from '../../scenario-target';
import { expectAnswered } from './checks';

/**
 * What the round trips arrange and remove. Generated bodies name things that exist nowhere
 * (random uids and ids), so references are mapped onto arranged ones, keeping what was generated
 * about them: the letter case of uids, the length of lists.
 */

/** How many of each referenced thing a sample arranges. */
export const REFERENCES = 3;

/** What a sample arranged that `clean` can remove directly. */
export interface Arranged {
  workspaceId?: number;
  accounts?: readonly string[];
}

/**
 * Removes what a sample arranged, with all it holds: its workspace and accounts. Without them (an
 * arrangement that failed, a case writing accounts or workspaces), every workspace and account.
 */
export async function clean(client: ScenarioClient, arranged?: Arranged): Promise<void> {
  const { workspaceId, accounts } = arranged ?? {};
  if (workspaceId === undefined) return cleanAll(client);
  expectAnswered('deleteWorkspace', await client.call('deleteWorkspace', { params: { workspaceId } }));
  if (accounts) await deleteAccounts(client, accounts);
}

async function cleanAll(client: ScenarioClient): Promise<void> {
  const workspaces = expectAnswered('listWorkspaces', await client.call('listWorkspaces')) as Array<{
    id: number;
  }>;
  const workspaceIds = workspaces.map((workspace) => workspace.id);
  if (workspaceIds.length > 0)
    expectAnswered('deleteWorkspaces', await client.call('deleteWorkspaces', { body: { workspaceIds } }));
  const accounts = expectAnswered('listAccounts', await client.call('listAccounts')) as Array<{
    uid: string;
  }>;
  if (accounts.length > 0)
    await deleteAccounts(
      client,
      accounts.map((account) => account.uid),
    );
}

async function deleteAccounts(client: ScenarioClient, accountUids: readonly string[]): Promise<void> {
  expectAnswered('deleteAccounts', await client.call('deleteAccounts', { body: { accountUids } }));
}

/** The arrangement of a case outside any workspace (accounts, workspaces): nothing to arrange. */
export const unscoped = {
  arrange: async (): Promise<Arranged> => ({}),
  clean,
  scope: () => ({}),
};

export async function freshWorkspace(client: ScenarioClient): Promise<{ workspaceId: number }> {
  const made = expectAnswered('createWorkspace', await client.call('createWorkspace', { body: {} }));
  return { workspaceId: (made as { id: number }).id };
}

/** `real` in the letter case `generated` was in (upper or not). */
export const sameCase = (generated: unknown, real: unknown): unknown =>
  String(generated) === String(generated).toUpperCase() ? String(real).toUpperCase() : real;

/**
 * Distinct references, as many as were generated (up to what was arranged), in the order of the
 * generated values: lists are sent in varied orders, so a read that reorders them shows.
 */
export function pick<T>(generated: readonly unknown[], real: readonly T[]): T[] {
  const taken = generated.slice(0, real.length).map((value, index) => ({ key: String(value), index }));
  const ranked = [...taken].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
  return taken.map((each) => real[ranked.indexOf(each)] as T);
}

/** `count` accounts with generated uids and login names. */
export async function accounts(client: ScenarioClient, count = REFERENCES): Promise<string[]> {
  const made = expectAnswered(
    'createAccounts',
    await client.call('createAccounts', { body: { accounts: Array.from({ length: count }, () => ({})) } }),
  ) as Array<{ uid: string }>;
  return made.map((account) => account.uid);
}

/** `REFERENCES` member groups of a workspace. */
export async function memberGroups(client: ScenarioClient, workspaceId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < REFERENCES; index++) {
    const body = { name: `group ${index}` };
    const made = expectAnswered(
      'createMemberGroup',
      await client.call('createMemberGroup', { params: { workspaceId }, body }),
    );
    ids.push((made as { id: number }).id);
  }
  return ids;
}

/** `REFERENCES` dimensions of a workspace (keywords `dimension 0`, ...): their ids and keywords. */
export async function dimensions(client: ScenarioClient, workspaceId: number) {
  const bodies = Array.from({ length: REFERENCES }, (_, index) => ({
    type: 'string',
    format: '',
    names: [`dimension ${index}`],
  }));
  const made = expectAnswered(
    'createDimensions',
    await client.call('createDimensions', { params: { workspaceId }, body: { dimensions: bodies } }),
  ) as Array<{ id: number; names: string[] }>;
  return { ids: made.map((d) => d.id), keywords: made.map((d) => d.names[0] as string) };
}

/** `REFERENCES` models of a workspace, each holding `dimensionIds`: their uids. */
export async function models(target: () => ScenarioTarget, workspaceId: number, dimensionIds: number[] = []) {
  const uids: string[] = [];
  for (let index = 0; index < REFERENCES; index++)
    uids.push(
      (await target().seedModel(workspaceId, { name: `model ${index}`, dimensions: dimensionIds })).uid,
    );
  return uids;
}
