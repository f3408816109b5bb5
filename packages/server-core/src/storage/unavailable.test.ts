import { describe, expect, it } from 'vitest';
import { isStorageUnavailable } from './unavailable';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isStorageUnavailable', () => {
  it.each<[string, unknown]>([
    ['a refused connection', coded('ECONNREFUSED')],
    ['a reset connection', coded('ECONNRESET')],
    ['an unknown host', coded('ENOTFOUND')],
    [
      'a refusal on every address of a host',
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]),
    ],
    [
      'PostgreSQL shutting down (57P01)',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    ['PostgreSQL starting up (57P03)', coded('57P03')],
    ['a connection failure (08006)', coded('08006')],
    ['too many connections (53300)', coded('53300')],
    ['SQLite busy past its timeout', coded('SQLITE_BUSY', 'database is locked')],
    ['a connection pg lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a wrapped cause', new Error('query failed', { cause: coded('ECONNREFUSED') })],
  ])('is true for %s', (_name, error) => {
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a unique violation', coded('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', coded('42601')],
    ['a SQLite constraint', coded('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
    [
      'a cause cycle',
      (() => {
        const error = new Error('loop') as Error & { cause?: unknown };
        error.cause = error;
        return error;
      })(),
    ],
  ])('is false for %s', (_name, error) => {
    expect(isStorageUnavailable(error)).toBe(false);
  });
});
