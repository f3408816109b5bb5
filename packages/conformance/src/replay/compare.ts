import type { OperationId } from '@wsadmin/contract';
import type { RootedSchema, SchemaNode } from './contract-schemas';
import { schemaOf, specOf } from './contract-schemas';
import type { IdentifierMap } from './id-map';
import { fieldKind } from './identifier-kinds';
import type { IdentifierPlace } from './schema-walk';
import { enclosingOf, locate, memberNode } from './schema-walk';

/** One way the replay's answer differs from the recorded one. */
export interface Difference {
  kind: 'status' | 'errcode' | 'reason' | 'shape' | 'value' | 'outside-document';
  /** Where in the answer (`data.items[0].name`), or the envelope field. */
  at: string;
  recorded?: unknown;
  replayed?: unknown;
  /** Said in words, for the text report. */
  message: string;
}

export interface Answer {
  status: number;
  body: unknown;
}

const SECRET = /password|passwd|secret|token|key/i;

/** What a report may show of a value at field `at`: never a secret. */
export const shown = (at: string, value: unknown): unknown => (SECRET.test(at) ? '[not shown]' : value);

/**
 * The differences between a recorded answer and the replay's, learning identifier mappings on the
 * way. Identifiers and timestamps legitimately differ; generated texts are compared with the
 * recorded identifiers in them mapped; a recorded field the contract does not document is
 * reported once, as outside the document.
 */
export function compareAnswers(
  operationId: OperationId,
  recorded: Answer,
  replayed: Answer,
  ids: IdentifierMap,
): Difference[] {
  const differences: Difference[] = [];
  const add = (difference: Omit<Difference, 'message'>, message: string) =>
    differences.push({ ...difference, message });
  if (recorded.status !== replayed.status) {
    add(
      { kind: 'status', at: 'status', recorded: recorded.status, replayed: replayed.status },
      `status ${recorded.status} recorded, ${replayed.status} replayed`,
    );
  }
  const before = envelopeOf(recorded.body);
  const after = envelopeOf(replayed.body);
  if (before.errcode !== after.errcode) {
    add(
      { kind: 'errcode', at: 'errcode', recorded: before.errcode, replayed: after.errcode },
      `errcode ${String(before.errcode)} recorded, ${String(after.errcode)} replayed`,
    );
  }
  const succeeded = before.errcode === 200 && after.errcode === 200;
  if (!succeeded) {
    const reasonBefore = reasonOf(before.data);
    const reasonAfter = reasonOf(after.data);
    if (before.errcode === after.errcode && reasonBefore !== reasonAfter) {
      add(
        { kind: 'reason', at: 'data.reason', recorded: reasonBefore, replayed: reasonAfter },
        `reason ${String(reasonBefore)} recorded, ${String(reasonAfter)} replayed`,
      );
    }
    return differences;
  }
  const dataSchema = specOf(operationId).data;
  if (dataSchema !== undefined && !dataSchema.safeParse(after.data).success) {
    const issue = dataSchema.safeParse(after.data).error?.issues[0];
    add(
      { kind: 'shape', at: `data${issue ? pathText(issue.path) : ''}` },
      `the replayed data does not fit the contract's schema: ${issue?.message ?? ''}`,
    );
  }
  const schema = schemaOf(operationId, 'data');
  const context = { operationId, schema: schema ?? { node: {}, defs: {} }, ids, add };
  compareValues(before.data, after.data, schema?.node, { name: undefined, enclosing: [] }, 'data', context);
  return differences;
}

type Add = (difference: Omit<Difference, 'message'>, message: string) => void;

interface CompareContext {
  operationId: OperationId;
  schema: RootedSchema;
  ids: IdentifierMap;
  add: Add;
}

function compareValues(
  recorded: unknown,
  replayed: unknown,
  node: SchemaNode | undefined,
  place: IdentifierPlace,
  at: string,
  context: CompareContext,
): void {
  const { operationId, schema, ids, add } = context;
  const { name, enclosing } = place;
  const depth = at.split(/[.[]/).length - 1;
  const located = locate(node, recorded, name, schema.defs);
  if (located.role === 'identifier') {
    ids.learn(
      recorded,
      replayed,
      typeof recorded === 'number' ? fieldKind(operationId, name, enclosing) : undefined,
    );
    return;
  }
  if (located.role === 'timestamp' && typeof recorded === 'string' && typeof replayed === 'string') return;
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    if (recorded.length !== replayed.length) {
      add(
        { kind: 'value', at, recorded: recorded.length, replayed: replayed.length },
        `${at}: ${recorded.length} items recorded, ${replayed.length} replayed`,
      );
    }
    const here = located.node;
    for (let index = 0; index < Math.min(recorded.length, replayed.length); index += 1) {
      compareValues(
        recorded[index],
        replayed[index],
        here && memberNode(here, index),
        place,
        `${at}[${index}]`,
        context,
      );
    }
    return;
  }
  if (isRecord(recorded) && isRecord(replayed)) {
    const here = located.node;
    for (const key of new Set([...Object.keys(recorded), ...Object.keys(replayed)])) {
      const child = here && memberNode(here, key);
      const path = `${at}.${key}`;
      if (here !== undefined && child === undefined && key in recorded) {
        add(
          { kind: 'outside-document', at: path, recorded: shown(path, recorded[key]) },
          `${path}: the recorded answer has a field the contract does not document`,
        );
        continue;
      }
      if (!(key in recorded) || !(key in replayed)) {
        add(
          {
            kind: 'value',
            at: path,
            recorded: shown(path, recorded[key]),
            replayed: shown(path, replayed[key]),
          },
          `${path}: ${key in recorded ? 'recorded, missing from the replay' : 'replayed, missing from the recording'}`,
        );
        continue;
      }
      const below = { name: key, enclosing: enclosingOf(enclosing, key, recorded[key], depth) };
      compareValues(recorded[key], replayed[key], child, below, path, context);
    }
    return;
  }
  const expected =
    typeof recorded === 'string'
      ? ids.mapText(recorded, fieldKind(operationId, undefined, enclosing))
      : recorded;
  if (!Object.is(expected, replayed) && JSON.stringify(expected) !== JSON.stringify(replayed)) {
    add(
      { kind: 'value', at, recorded: shown(at, recorded), replayed: shown(at, replayed) },
      `${at}: ${JSON.stringify(shown(at, recorded))} recorded, ${JSON.stringify(shown(at, replayed))} replayed`,
    );
  }
}

interface LooseEnvelope {
  errcode?: unknown;
  data?: unknown;
}

function envelopeOf(body: unknown): LooseEnvelope {
  return isRecord(body) ? body : {};
}

const reasonOf = (data: unknown) => (isRecord(data) ? data.reason : undefined);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pathText = (path: readonly PropertyKey[]) =>
  path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
