import { migrations } from '@wsadmin/server-core';
import { fromBase64, toBase64 } from './base64';
import type { ClockSetting } from './mock-clock';

/**
 * The whole state of a mock as plain JSON (`mock.snapshot()`): it survives `JSON.stringify`, a
 * file or `postMessage`, and `mock.restore` or `createMock({ snapshot })` start from it.
 */
export interface MockSnapshot {
  /** Marks the object as a snapshot of `@wsadmin/mock`. */
  readonly format: 'wsadmin-mock-snapshot';
  /** Version of this layout; a mock reads only its own. */
  readonly version: 1;
  /** Schema version (newest migration) of the database; a mock restores only its own. */
  readonly schemaVersion: number;
  /** When it was taken, by the mock's clock (ISO 8601). */
  readonly takenAt: string;
  readonly clock: MockSnapshotClock;
  /**
   * The SQLite database, base64: data, keys, id sequences, plan tokens, idempotency records,
   * operations and refresh tasks. Everything else the app keeps (caches) is derived from it.
   */
  readonly database: string;
}

/** The mock's clock in a snapshot: restored exactly, so time rules answer as they did. */
export interface MockSnapshotClock {
  /** The instant the clock is frozen at (the scenario's `startAt`), or null for real time. */
  readonly frozenAt: string | null;
  /** Milliseconds `clock.advance` added. */
  readonly offsetMs: number;
}

/** A value `restore()` or `createMock({ snapshot })` refused; the mock's state is unchanged. */
export class MockSnapshotError extends Error {
  override readonly name = 'MockSnapshotError';
}

/** What a checked snapshot holds, ready to open. */
export interface ReadSnapshot {
  readonly bytes: Uint8Array;
  readonly clock: ClockSetting;
  readonly schemaVersion: number;
}

const FORMAT = 'wsadmin-mock-snapshot';
const VERSION = 1;

/** The database schema this package's server core creates: the newest migration. */
export const SCHEMA_VERSION = Math.max(...migrations.map((migration) => migration.version));

export function snapshotOf(bytes: Uint8Array, clock: ClockSetting, now: Date): MockSnapshot {
  return {
    format: FORMAT,
    version: VERSION,
    schemaVersion: SCHEMA_VERSION,
    takenAt: now.toISOString(),
    clock: {
      frozenAt: clock.frozenAtMs === undefined ? null : new Date(clock.frozenAtMs).toISOString(),
      offsetMs: clock.offsetMs,
    },
    database: toBase64(bytes),
  };
}

/**
 * Checks that `value` is a snapshot this mock can restore and decodes it; throws
 * `MockSnapshotError` naming what is wrong (`where`: the call, e.g. `mock.restore`).
 */
export function readSnapshot(value: unknown, where: string): ReadSnapshot {
  const refuse = (problem: string) => new MockSnapshotError(`${where}: ${problem}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value))
    throw refuse(`expected a snapshot from mock.snapshot(), got ${describe(value)}`);
  const record = value as Record<string, unknown>;
  if ('bytes' in record && !('format' in record))
    throw refuse(
      'this is the { bytes } snapshot of an earlier @wsadmin/mock (the database alone, no clock), which is no longer read: take a new one with mock.snapshot()',
    );
  if (record.format !== FORMAT)
    throw refuse(
      `expected a snapshot from mock.snapshot() (format '${FORMAT}'), got an object with format ${describe(record.format)}`,
    );
  if (record.version !== VERSION)
    throw refuse(`snapshot layout version ${describe(record.version)}; this mock reads version ${VERSION}`);
  if (record.schemaVersion !== SCHEMA_VERSION)
    throw refuse(
      `the snapshot's database is at schema version ${describe(record.schemaVersion)}, this mock's at schema version ${SCHEMA_VERSION}: take the snapshot again with this version of @wsadmin/mock`,
    );
  const clock = readClock(record.clock);
  if (typeof clock === 'string') throw refuse(clock);
  if (typeof record.database !== 'string')
    throw refuse(`database: expected base64 text, got ${describe(record.database)}`);
  const bytes = fromBase64(record.database);
  if (!bytes) throw refuse('database: not valid base64 (the snapshot was altered or cut)');
  const problem = sqliteFileProblem(bytes);
  if (problem) throw refuse(`database: ${problem}`);
  return { bytes, clock, schemaVersion: SCHEMA_VERSION };
}

function readClock(value: unknown): ClockSetting | string {
  if (typeof value !== 'object' || value === null)
    return `clock: expected { frozenAt, offsetMs }, got ${describe(value)}`;
  const { frozenAt, offsetMs } = value as Record<string, unknown>;
  if (typeof offsetMs !== 'number' || !Number.isFinite(offsetMs))
    return `clock.offsetMs: expected a number, got ${describe(offsetMs)}`;
  if (frozenAt === null) return { frozenAtMs: undefined, offsetMs };
  const frozenAtMs = typeof frozenAt === 'string' ? Date.parse(frozenAt) : Number.NaN;
  if (Number.isNaN(frozenAtMs))
    return `clock.frozenAt: expected an ISO time or null, got ${describe(frozenAt)}`;
  return { frozenAtMs, offsetMs };
}

const SQLITE_HEADER = 'SQLite format 3\0';

/** What is wrong with `bytes` as a whole SQLite file (header, page size, length), if anything. */
function sqliteFileProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < 100 || String.fromCharCode(...bytes.subarray(0, 16)) !== SQLITE_HEADER)
    return 'not an SQLite database';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = view.getUint16(16);
  const pageSize = size === 1 ? 65536 : size;
  const pages = view.getUint32(28);
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0 || bytes.length !== pageSize * pages)
    return `the SQLite file is cut or altered (${bytes.length} bytes, the header says ${pages} pages of ${pageSize})`;
  return undefined;
}

/** A value as an error message shows it: its kind, never its whole content. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of ${value.byteLength} bytes`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string')
    return value.length > 40 ? `a string of ${value.length} characters` : `'${value}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const keys = Object.keys(value).slice(0, 5);
    return keys.length === 0 ? 'an empty object' : `an object with ${keys.join(', ')}`;
  }
  return `a ${typeof value}`;
}
