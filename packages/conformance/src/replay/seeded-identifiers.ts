import { requestOf } from '@wsadmin/contract/routes';
import { identifierKindOf } from './recorded-state';
import type { ReplayTarget } from './replay';
import type { SeedFromRecording } from './seed-from-recording';

/** A recorded identifier and the one the replay's target gave the same object. */
export interface KnownIdentifier {
  kind: string;
  recorded: number;
  replayed: number;
}

const lists = {
  dimensions: 'listDimensions',
  measures: 'listMeasures',
  memberGroups: 'listMemberGroups',
} as const;

/**
 * The ids a freshly seeded target gave the recording's objects: its workspaces, and in each its
 * dimensions, measures and member groups, listed and paired in id order with the seed's (the seed
 * creates them in that order). Accounts keep their recorded uids. Throws when the target holds
 * other workspaces than the seed's: it was not fresh.
 */
export async function seededIdentifiers(
  seeded: SeedFromRecording,
  target: ReplayTarget,
): Promise<KnownIdentifier[]> {
  const known: KnownIdentifier[] = [];
  const workspaces = await listed(target, 'listWorkspaces', {});
  if (workspaces.length !== seeded.recordedIds.workspaces.length) {
    throw new Error(
      `the seeded target lists ${workspaces.length} workspaces, the seed has ${seeded.recordedIds.workspaces.length}: start it from the seed alone`,
    );
  }
  for (const [position, workspaceId] of workspaces.entries()) {
    known.push({
      kind: 'workspaces',
      recorded: seeded.recordedIds.workspaces[position] ?? 0,
      replayed: workspaceId,
    });
    for (const [kind, operationId] of Object.entries(lists) as Array<[keyof typeof lists, string]>) {
      const ids = await listed(target, operationId as (typeof lists)[typeof kind], { workspaceId });
      (seeded.recordedIds[kind][position] ?? []).forEach((recorded, index) => {
        const replayed = ids[index];
        if (replayed !== undefined) known.push({ kind: identifierKindOf(kind), recorded, replayed });
      });
    }
  }
  return known;
}

async function listed(
  target: ReplayTarget,
  operationId: 'listWorkspaces' | (typeof lists)[keyof typeof lists],
  params: Record<string, number>,
): Promise<number[]> {
  const request = requestOf(operationId, target.baseUrl, {
    params,
    headers: { authorization: `Bearer ${target.key}` },
  });
  const answer = (await (await target.fetch(request)).json()) as { errcode?: unknown; data?: unknown };
  if (answer.errcode !== 200 || !Array.isArray(answer.data)) {
    throw new Error(`${operationId} on the seeded target answered errcode ${String(answer.errcode)}`);
  }
  return (answer.data as Array<{ id: number }>).map(({ id }) => id).sort((a, b) => a - b);
}
