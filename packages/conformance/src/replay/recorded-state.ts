import {
  Account,
  Dimension,
  Measure,
  MemberGroup,
  type OperationId,
  operations,
  Workspace,
  WorkspaceListItem,
} from '@wsadmin/contract';
import { API_PREFIX, isRouteFound, matchRoute } from '@wsadmin/contract/routes';
import { z } from 'zod';
import { specOf } from './contract-schemas';
import { isProblem, readHar } from './har-reader';
import { operationKind } from './identifier-kinds';

/**
 * The kinds of object a mock seed can hold (the mock's `seed`: accounts, then workspaces with
 * their dimensions, measures and member groups): the contract's record schemas that show each,
 * the create request each is seeded with, and the field that identifies it. Which operations
 * answer which records is read off the contract (`data` is the record or a list of it).
 */
export const seedKinds = {
  accounts: {
    records: [Account],
    create: operations.createAccounts.body.shape.accounts.element,
    key: 'uid',
    inWorkspace: false,
  },
  workspaces: {
    records: [Workspace, WorkspaceListItem],
    create: operations.createWorkspace.body,
    key: 'id',
    inWorkspace: false,
  },
  dimensions: {
    records: [Dimension],
    create: operations.createDimensions.body.shape.dimensions.element,
    key: 'id',
    inWorkspace: true,
  },
  measures: {
    records: [Measure],
    create: operations.createMeasures.body.shape.measures.element,
    key: 'id',
    inWorkspace: true,
  },
  memberGroups: {
    records: [MemberGroup],
    create: operations.createMemberGroup.body,
    key: 'id',
    inWorkspace: true,
  },
} as const satisfies Record<
  string,
  { records: readonly z.ZodType[]; create: z.ZodObject; key: 'id' | 'uid'; inWorkspace: boolean }
>;

export type SeedKind = keyof typeof seedKinds;

/** An object as the recording first showed it, before anything the recording did to it. */
export interface SeenObject {
  key: string | number;
  record: Readonly<Record<string, unknown>>;
  /** The workspace it belongs to (path parameter `workspaceId` of the answer that showed it). */
  workspaceId?: number;
  /** The entry that first showed it. */
  index: number;
}

/**
 * The state the recording shows from before it started: per kind, each object its answers show
 * that none of its creating requests made (a POST's answer), as first shown. What the recording
 * created is left to its own requests, so replaying it on a mock seeded with this state gives the
 * recorded answers.
 */
export interface RecordedState {
  objects: Record<SeedKind, SeenObject[]>;
  /** Workspaces the recording names in a path without ever showing them, not created by it. */
  workspacesByIdOnly: number[];
}

const kindOfRecords = new Map<z.ZodType, SeedKind>(
  Object.entries(seedKinds).flatMap(([kind, { records }]) =>
    records.map((record) => [record, kind as SeedKind] as const),
  ),
);

/** The seed kind of the records an operation answers, if it answers some. */
function recordKindOf(operationId: OperationId): SeedKind | undefined {
  const data = specOf(operationId).data;
  if (data === undefined) return undefined;
  return kindOfRecords.get(data instanceof z.ZodArray ? (data.element as z.ZodType) : data);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Reads the state a recording shows; entries that cannot be read are passed over (replay names them). */
export function recordedState(harText: string): RecordedState {
  const objects: RecordedState['objects'] = {
    accounts: [],
    workspaces: [],
    dimensions: [],
    measures: [],
    memberGroups: [],
  };
  const seen = new Set<string>();
  const created = new Set<string>();
  const named: number[] = [];
  for (const item of readHar(harText)) {
    if (isProblem(item) || item.status >= 400) continue;
    const url = new URL(item.url, 'http://recording.invalid');
    if (!url.pathname.startsWith(API_PREFIX)) continue;
    const route = matchRoute(item.method, url.pathname);
    const answer = parsed(item.answerText);
    if (!isRouteFound(route) || !isRecord(answer) || answer.errcode !== 200) continue;
    const workspaceText = route.params.workspaceId;
    const workspaceId = workspaceText === undefined ? undefined : Number(workspaceText);
    if (workspaceId !== undefined && Number.isInteger(workspaceId)) named.push(workspaceId);
    const list = Array.isArray(answer.data) ? answer.data : [answer.data];
    const spec = specOf(route.operationId);
    if (spec.method === 'post' && spec.readsOnly !== true) {
      // A create (a batch, a management commit): what it answers did not exist before.
      const kind = operationKind(route.operationId);
      for (const record of list.filter(isRecord)) {
        for (const key of [record.id, record.uid]) if (key !== undefined) created.add(`${kind} ${key}`);
      }
    }
    const kind = recordKindOf(route.operationId);
    if (kind === undefined) continue;
    const { key: field, inWorkspace } = seedKinds[kind];
    for (const record of list.filter(isRecord)) {
      const key = record[field];
      const id = `${identifierKindOf(kind)} ${String(key)}`;
      if ((typeof key !== 'string' && typeof key !== 'number') || seen.has(id) || created.has(id)) continue;
      seen.add(id);
      objects[kind].push({
        key,
        record,
        index: item.index,
        ...(inWorkspace && workspaceId !== undefined ? { workspaceId } : {}),
      });
    }
  }
  const isCreated = (kind: SeedKind, key: unknown) => created.has(`${identifierKindOf(kind)} ${String(key)}`);
  for (const kind of Object.keys(objects) as SeedKind[]) {
    // An object of a workspace the recording created was created with it.
    objects[kind] = objects[kind].filter(
      (object) => !(object.workspaceId !== undefined && isCreated('workspaces', object.workspaceId)),
    );
  }
  const shown = new Set(objects.workspaces.map((object) => object.key));
  const workspacesByIdOnly = [...new Set(named)].filter(
    (id) => !shown.has(id) && !isCreated('workspaces', id),
  );
  return { objects, workspacesByIdOnly };
}

/** The identifier kind (`identifier-kinds.ts`) of a seed kind: `memberGroups` -> `member-groups`. */
export const identifierKindOf = (kind: SeedKind): string =>
  kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
