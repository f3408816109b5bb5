import { copyFileSync, existsSync } from 'node:fs';
import { type OperationId, operations } from '@wsadmin/contract';
import {
  EXAMPLE_MODEL_UID,
  EXAMPLE_NOW,
  EXAMPLE_OPERATION_ID,
  EXAMPLE_PLAN_TOKEN,
  examplePrerequisites,
  exampleWorld,
  exampleWorldRequests,
  type OperationExample,
  operationExamples,
  operationsWithoutExamples,
} from '@wsadmin/contract/examples';
import { pathOf, requestTo } from '@wsadmin/contract/routes';
import {
  AdjustableClock,
  createApp,
  createKey,
  openMemoryStorage,
  pbkdf2Passwords,
  type Storage,
} from '@wsadmin/server-core';
import { createTestDatabase, dropTestDatabase } from '@wsadmin/server-testing/postgres';
import { tempDatabase } from '@wsadmin/server-testing/processes';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgresStorage } from '../src/postgres';
import { openSqliteStorage } from '../src/sqlite-file';

// Every request example of the document is accepted by the server: on a database of its own that
// holds the example world (what the examples name), each one answers 200 with the example's data,
// on in-memory SQLite (the mock's), a SQLite file and PostgreSQL. The world is made by its requests
// once per kind of database, and each example runs on a copy of that database (making it for each
// of the 318 examples took most of this file's time).
const BASE = 'http://wsadmin.test';
const adminUrl = inject('postgresAdminUrl');

/** A database in use, and how to throw it away. */
interface Opened {
  storage: Storage;
  dispose(): Promise<void>;
}

/** The database the world was made in, closed: copies of it, and how to throw it away. */
interface Original {
  copy(now: () => Date): Promise<Opened>;
  dispose(): Promise<void>;
}

/** A new database of one kind, migrated and empty, to make the world in; `keep` closes it to copy. */
type Blank = (now: () => Date) => Promise<{ storage: Storage; keep(): Promise<Original> }>;

const BLANKS: Array<[string, Blank]> = [
  [
    'in-memory SQLite',
    async (now) => {
      const storage = await openMemoryStorage({ now });
      return {
        storage,
        async keep() {
          const bytes = await storage.exportBytes();
          await storage.close();
          return {
            async copy(now) {
              // The bytes come from this version's exportBytes(): no migration check.
              const copy = await openMemoryStorage({ now, bytes, current: true });
              return { storage: copy, dispose: () => copy.close() };
            },
            dispose: async () => undefined,
          };
        },
      };
    },
  ],
  [
    'a SQLite file',
    async (now) => {
      const original = tempDatabase('wsadmin-examples-world-');
      const storage = await openSqliteStorage(original.file, now);
      return {
        storage,
        async keep() {
          // The last connection closed checkpoints the WAL into the file and deletes it.
          await storage.close();
          if (existsSync(`${original.file}-wal`))
            throw new Error('the world file kept its WAL: copies would miss it');
          return {
            async copy(now) {
              const file = tempDatabase('wsadmin-examples-');
              copyFileSync(original.file, file.file);
              const copy = await openSqliteStorage(file.file, now);
              return {
                storage: copy,
                async dispose() {
                  await copy.close();
                  file.remove();
                },
              };
            },
            dispose: async () => original.remove(),
          };
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async (now) => {
      const template = await createTestDatabase(adminUrl, 'examples_world');
      const storage = await openPostgresStorage(template, now, { poolSize: 2 });
      return {
        storage,
        async keep() {
          // Closed before the first copy: a template may have no connection.
          await storage.close();
          return {
            async copy(now) {
              const url = await createTestDatabase(adminUrl, 'examples', { template });
              const copy = await openPostgresStorage(url, now, { poolSize: 2 });
              return {
                storage: copy,
                async dispose() {
                  await copy.close();
                  await dropTestDatabase(adminUrl, url);
                },
              };
            },
            dispose: () => dropTestDatabase(adminUrl, template),
          };
        },
      };
    },
  ],
];

/**
 * Made at random by the server: a commit takes the plan token of the preview before it, an
 * operation read the id of the commit before it, and answers show the examples' stand-ins.
 */
interface StandIns {
  planToken: string;
  operationId: string;
}

type Answer = { status: number; errcode: number; data?: unknown };

/** Standing still at the examples' time: plan-token expiries and operation times are theirs. */
const examplesClock = () => new AdjustableClock({ now: () => new Date(EXAMPLE_NOW) });
const appOn = (storage: Storage, clock: AdjustableClock) =>
  createApp({ storage, clock, passwords: pbkdf2Passwords(1000) });

/** Sends examples with the key's secret; keeps the stand-ins up to date from the answers. */
function sender(app: ReturnType<typeof createApp>, secret: string, standIns: StandIns) {
  return async (operationId: OperationId, given: OperationExample): Promise<Answer> => {
    const example = substituted(given, standIns);
    const request = requestTo(
      BASE,
      operations[operationId].method.toUpperCase(),
      pathOf(operationId, example.params),
      {
        ...(example.query ? { query: example.query } : {}),
        ...(example.body !== undefined ? { body: example.body } : {}),
        headers: { authorization: `Bearer ${secret}`, ...example.headers },
      },
    );
    const response = await app.request(request);
    const answer = (await response.json()) as { errcode: number; data?: unknown };
    const data = answer.data as { planToken?: string; operationId?: string } | null | undefined;
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      if (data.planToken) [standIns.planToken, data.planToken] = [data.planToken, EXAMPLE_PLAN_TOKEN];
      if (data.operationId)
        [standIns.operationId, data.operationId] = [data.operationId, EXAMPLE_OPERATION_ID];
      // A model's uid is made at random too: the examples show EXAMPLE_MODEL_UID.
      for (const part of ['definition', 'candidate'] as const) {
        const value = (data as Record<string, { uid?: string } | null | undefined>)[part];
        if (value?.uid) value.uid = EXAMPLE_MODEL_UID;
      }
    }
    return { status: response.status, ...answer };
  };
}

function substituted(example: OperationExample, { planToken, operationId }: StandIns): OperationExample {
  const body = example.body as { planToken?: string } | undefined;
  const params = example.params as { operationId?: string } | undefined;
  return {
    ...example,
    ...(body?.planToken === EXAMPLE_PLAN_TOKEN ? { body: { ...body, planToken } } : {}),
    ...(params?.operationId === EXAMPLE_OPERATION_ID ? { params: { ...params, operationId } } : {}),
  } as OperationExample;
}

/** The example world made by its requests on a new database, kept to copy; their answers, to check. */
interface World {
  original: Original;
  secret: string;
  keyId: string;
  standIns: StandIns;
  answers: Answer[];
}

async function makeWorld(blank: Blank): Promise<World> {
  const clock = examplesClock();
  const { storage, keep } = await blank(() => clock.now());
  const app = appOn(storage, clock);
  const { name, desc: description } = exampleWorld.key;
  const key = await createKey(storage.db, clock.now(), { name, description });
  const standIns = { planToken: EXAMPLE_PLAN_TOKEN, operationId: EXAMPLE_OPERATION_ID };
  const send = sender(app, key.secret, standIns);
  const answers: Answer[] = [];
  try {
    for (const [operationId, example] of exampleWorldRequests) answers.push(await send(operationId, example));
  } catch (error) {
    await (await keep()).dispose();
    throw error;
  }
  return { original: await keep(), secret: key.secret, keyId: key.id, standIns, answers };
}

/** The world's requests answered 200, with their documented data where the example shows it. */
function expectWorldMade(world: World) {
  expect(world.answers).toHaveLength(exampleWorldRequests.length);
  exampleWorldRequests.forEach(([operationId, example], index) => {
    const answer = world.answers[index];
    expect(answer, operationId).toMatchObject({ status: 200, errcode: 200 });
    if (example.data !== undefined) expect(answer?.data, operationId).toEqual(example.data);
  });
}

describe.each(BLANKS)('request examples on %s', (_name, blank) => {
  let world: Promise<World> | undefined;
  const madeWorld = () => {
    world ??= makeWorld(blank);
    return world;
  };
  afterAll(async () => {
    // A world that failed to be made has failed its tests already, and has no original left.
    const made = await world?.catch(() => undefined);
    await made?.original.dispose();
  });

  it('the example world is made by its requests, with the ids the examples use', async () => {
    expectWorldMade(await madeWorld());
  });

  // Each example has a copy of the world of its own: up to five at once (vitest's maxConcurrency).
  it.concurrent.each(Object.entries(operationExamples))(
    '%s is accepted with its documented answer',
    async (operationId, example) => {
      const made = await madeWorld();
      expectWorldMade(made);
      const clock = examplesClock();
      const copy = await made.original.copy(() => clock.now());
      try {
        const send = sender(appOn(copy.storage, clock), made.secret, { ...made.standIns });
        for (const [before, request] of examplePrerequisites[operationId as OperationId] ?? []) {
          expect(await send(before, request), before).toMatchObject({ status: 200, errcode: 200 });
        }
        const answer = await send(operationId as OperationId, example as OperationExample);
        expect(answer).toMatchObject({ status: 200, errcode: 200 });
        // A key's id is made at random: the scope example shows another.
        const data =
          operationId === 'getScope' ? { ...(example?.data as object), id: made.keyId } : example?.data;
        expect(answer.data).toEqual(data);
      } finally {
        await copy.dispose();
      }
    },
  );

  it('covers every operation', () => {
    expect(operationsWithoutExamples).toEqual([]);
  });
});
