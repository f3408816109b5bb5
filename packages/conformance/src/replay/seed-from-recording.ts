import { operations } from '@wsadmin/contract';
import { z } from 'zod';
import { recordedState, type SeedKind, type SeenObject, seedKinds } from './recorded-state';

type CreateOf<K extends SeedKind> = z.input<(typeof seedKinds)[K]['create']>;

/** A seeded workspace: `createWorkspace`'s request with the objects created inside it. */
export type RecordedSeedWorkspace = CreateOf<'workspaces'> & {
  dimensions?: Array<CreateOf<'dimensions'>>;
  measures?: Array<CreateOf<'measures'>>;
  memberGroups?: Array<CreateOf<'memberGroups'>>;
};

/**
 * The mock's `seed` (`createMock({ seed })`, a scenario file's `seed`), written as the contract's
 * create requests: the shape `@wsadmin/mock` checks a scenario file against.
 */
export interface RecordedSeed {
  accounts?: Array<CreateOf<'accounts'>>;
  workspaces?: RecordedSeedWorkspace[];
}

/** What a seed built from a recording holds, and which recorded objects it seeds, in its order. */
export interface SeedFromRecording {
  seed: RecordedSeed;
  /** The recorded id of each seeded workspace and of each object seeded in it, in the seed's order. */
  recordedIds: {
    workspaces: number[];
    dimensions: number[][];
    measures: number[][];
    memberGroups: number[][];
  };
  /** What the seed could not carry as recorded, each naming the entry that showed it. */
  notes: string[];
}

/**
 * A workspace's default name (`Workspace {id}`, from the contract's description of the create
 * request's `name`): a recorded name of that form is left out, so the seeded workspace gets its
 * own, as the recorded one did.
 */
const generatedName = (() => {
  const description = z.globalRegistry.get(operations.createWorkspace.body.shape.name)?.description ?? '';
  const template = /Default: "([^"]*\{id\}[^"]*)"/.exec(description)?.[1];
  return template === undefined ? undefined : (id: unknown) => template.replace('{id}', String(id));
})();

/**
 * A mock seed holding the state a recording shows from before it started (see `recordedState`):
 * each object as first shown, turned into its create request by keeping the fields that request
 * takes (read off the contract's create schemas) and checked with them. Workspaces and the objects
 * in them are in recorded-id order, accounts in the order first shown; accounts keep their uids.
 */
export function seedFromRecording(harText: string): SeedFromRecording {
  const state = recordedState(harText);
  const notes: string[] = [];
  const workspaceIds = [
    ...new Set([
      ...state.objects.workspaces.map((object) => Number(object.key)),
      ...state.workspacesByIdOnly,
    ]),
  ].sort((a, b) => a - b);
  const recordedIds: SeedFromRecording['recordedIds'] = {
    workspaces: workspaceIds,
    dimensions: [],
    measures: [],
    memberGroups: [],
  };
  const workspaces = workspaceIds.map((workspaceId) => {
    const shown = state.objects.workspaces.find((object) => object.key === workspaceId);
    if (shown === undefined) {
      notes.push(`workspace ${workspaceId}: only named in paths, seeded with the defaults`);
    }
    const workspace: RecordedSeedWorkspace =
      shown === undefined ? {} : (createRequest('workspaces', shown, notes) ?? {});
    for (const kind of ['dimensions', 'measures', 'memberGroups'] as const) {
      const inside = state.objects[kind]
        .filter((object) => object.workspaceId === workspaceId)
        .sort((a, b) => Number(a.key) - Number(b.key));
      const items = inside.flatMap((object) => {
        const item = createRequest(kind, object, notes);
        return item === undefined ? [] : [{ object, item }];
      });
      recordedIds[kind].push(items.map(({ object }) => Number(object.key)));
      if (items.length > 0) Object.assign(workspace, { [kind]: items.map(({ item }) => item) });
    }
    return workspace;
  });
  const accounts = state.objects.accounts.flatMap((object) => {
    const item = createRequest('accounts', object, notes);
    return item === undefined ? [] : [item];
  });
  const seed: RecordedSeed = {
    ...(accounts.length > 0 ? { accounts } : {}),
    ...(workspaces.length > 0 ? { workspaces } : {}),
  };
  return { seed, recordedIds, notes };
}

/** The create request of a recorded object: the recorded fields its create schema takes. */
function createRequest<K extends SeedKind>(
  kind: K,
  object: SeenObject,
  notes: string[],
): CreateOf<K> | undefined {
  const schema: z.ZodObject = seedKinds[kind].create;
  const what = `${kind} ${String(object.key)} (entry #${object.index})`;
  const picked: Record<string, unknown> = {};
  for (const field of Object.keys(schema.shape)) {
    if (object.record[field] !== undefined) picked[field] = object.record[field];
  }
  if (kind === 'workspaces' && picked.name === generatedName?.(object.key)) delete picked.name;
  for (const [field, value] of Object.entries(object.record)) {
    if (field in schema.shape || !isFilledList(value)) continue;
    notes.push(
      `${what}: ${field} ${JSON.stringify(value)} is not seeded (the create request has no ${field})`,
    );
  }
  let checked = schema.safeParse(picked);
  if (!checked.success && kind === 'accounts' && checked.error.issues.some((i) => i.path[0] === 'uid')) {
    notes.push(`${what}: its uid is not a uuid4 the create request takes; the mock generates one`);
    delete picked.uid;
    checked = schema.safeParse(picked);
  }
  if (!checked.success) {
    const issue = checked.error.issues[0];
    notes.push(
      `${what}: not seeded, its create request is refused: ${issue?.path.join('.')}: ${issue?.message}`,
    );
    return undefined;
  }
  return picked as CreateOf<K>;
}

/**
 * A list the create request cannot carry (a dimension's `models`): said, since the seeded object
 * answers it empty. Other fields it cannot carry (an account's `status`, a dimension's `used`)
 * are listed in the README.
 */
const isFilledList = (value: unknown) => Array.isArray(value) && value.length > 0;
