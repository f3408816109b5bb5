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
// on in-memory SQLite (the mock's), a SQLite file and PostgreSQL.
const BASE = 'http://wsadmin.test';
const adminUrl = inject('postgresAdminUrl');

/**
 * A PostgreSQL database migrated once, copied for each example (a migration each took a second:
 * most of this file's time). Closed before the first copy: a template may have no connection.
 */
let template: Promise<string> | undefined;
const migratedTemplate = () => {
  template ??= (async () => {
    const url = await createTestDatabase(adminUrl, 'examples_template');
    const storage = await openPostgresStorage(url, () => new Date(EXAMPLE_NOW), { poolSize: 1 });
    await storage.close();
    return url;
  })();
  return template;
};
afterAll(async () => {
  if (template) await dropTestDatabase(adminUrl, await template);
});

/** A fresh, empty database of one kind, and how to throw it away. */
type Opener = (now: () => Date) => Promise<{ storage: Storage; dispose(): Promise<void> }>;

const OPENERS: Array<[string, Opener]> = [
  [
    'in-memory SQLite',
    async (now) => {
      const storage = await openMemoryStorage({ now });
      return { storage, dispose: () => storage.close() };
    },
  ],
  [
    'a SQLite file',
    async (now) => {
      const file = tempDatabase('wsadmin-examples-');
      const storage = await openSqliteStorage(file.file, now);
      return {
        storage,
        async dispose() {
          await storage.close();
          file.remove();
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async (now) => {
      const url = await createTestDatabase(adminUrl, 'examples', { template: await migratedTemplate() });
      const storage = await openPostgresStorage(url, now, { poolSize: 2 });
      return {
        storage,
        async dispose() {
          await storage.close();
          await dropTestDatabase(adminUrl, url);
        },
      };
    },
  ],
];

/** A new app over an empty database, with one unrestricted key. */
async function openApp(open: Opener) {
  // Standing still at the examples' time: plan-token expiries and operation times are theirs.
  const clock = new AdjustableClock({ now: () => new Date(EXAMPLE_NOW) });
  const { storage, dispose } = await open(() => clock.now());
  const app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000) });
  const { name, desc: description } = exampleWorld.key;
  const key = await createKey(storage.db, clock.now(), { name, description });
  const secret = key.secret;
  // Made at random by the server: a commit takes the plan token of the preview before it, an
  // operation read the id of the commit before it, and answers show the examples' stand-ins.
  let planToken = EXAMPLE_PLAN_TOKEN;
  let operationId_ = EXAMPLE_OPERATION_ID;
  const send = async (operationId: OperationId, given: OperationExample) => {
    const example = substituted(given, planToken, operationId_);
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
      if (data.planToken) [planToken, data.planToken] = [data.planToken, EXAMPLE_PLAN_TOKEN];
      if (data.operationId) [operationId_, data.operationId] = [data.operationId, EXAMPLE_OPERATION_ID];
      // A model's uid is made at random too: the examples show EXAMPLE_MODEL_UID.
      for (const part of ['definition', 'candidate'] as const) {
        const value = (data as Record<string, { uid?: string } | null | undefined>)[part];
        if (value?.uid) value.uid = EXAMPLE_MODEL_UID;
      }
    }
    return { status: response.status, ...answer };
  };
  return { send, keyId: key.id, close: dispose };
}

function substituted(example: OperationExample, planToken: string, operationId: string): OperationExample {
  const body = example.body as { planToken?: string } | undefined;
  const params = example.params as { operationId?: string } | undefined;
  return {
    ...example,
    ...(body?.planToken === EXAMPLE_PLAN_TOKEN ? { body: { ...body, planToken } } : {}),
    ...(params?.operationId === EXAMPLE_OPERATION_ID ? { params: { ...params, operationId } } : {}),
  } as OperationExample;
}

/** The app with the example world made; its requests answer what they say. */
async function openWorld(open: Opener) {
  const world = await openApp(open);
  for (const [operationId, example] of exampleWorldRequests) {
    const answer = await world.send(operationId, example);
    expect(answer, operationId).toMatchObject({ status: 200, errcode: 200 });
    if (example.data !== undefined) expect(answer.data, operationId).toEqual(example.data);
  }
  return world;
}

describe.each(OPENERS)('request examples on %s', (_name, open) => {
  it('the example world is made by its requests, with the ids the examples use', async () => {
    const world = await openWorld(open);
    await world.close();
  });

  // Each example has a database of its own: up to five at once (vitest's maxConcurrency).
  it.concurrent.each(Object.entries(operationExamples))(
    '%s is accepted with its documented answer',
    async (operationId, example) => {
      const world = await openWorld(open);
      try {
        for (const [before, request] of examplePrerequisites[operationId as OperationId] ?? []) {
          expect(await world.send(before, request), before).toMatchObject({ status: 200, errcode: 200 });
        }
        const answer = await world.send(operationId as OperationId, example as OperationExample);
        expect(answer).toMatchObject({ status: 200, errcode: 200 });
        // A key's id is made at random: the scope example shows another.
        const data =
          operationId === 'getScope' ? { ...(example?.data as object), id: world.keyId } : example?.data;
        expect(answer.data).toEqual(data);
      } finally {
        await world.close();
      }
    },
  );

  it('covers every operation', () => {
    expect(operationsWithoutExamples).toEqual([]);
  });
});
