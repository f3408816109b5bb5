import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operationEntries, operationIdsWith } from './all-operations';

/** Whether a request body can carry a property named `password`, at any depth. */
const carriesPassword = (body: z.ZodType | undefined) =>
  body !== undefined &&
  JSON.stringify(z.toJSONSchema(body, { unrepresentable: 'any' })).includes('"password"');

describe('facts the operations declare about their handlers', () => {
  it('hashesPasswords: exactly the operations whose body can carry a password, and the login-data check', () => {
    const expected = operationEntries
      // The login-data check verifies against stored password hashes without carrying one.
      .filter(([id, op]) => carriesPassword(op.body) || id === 'checkAuthData')
      .map(([id]) => id);
    expect(operationIdsWith('hashesPasswords')).toEqual(expected);
    expect(expected).toContain('createAccounts');
  });

  it('storedDataRead: GETs only, none of the management interface', () => {
    for (const id of operationIdsWith('storedDataRead')) {
      const op = operationEntries.find(([candidate]) => candidate === id)?.[1];
      expect(op?.method, id).toBe('get');
      expect(op?.path, id).not.toContain('/management/');
    }
  });

  it('textAnswer: only stored-data reads (their JSON text is kept with the rows)', () => {
    const reads = new Set<string>(operationIdsWith('storedDataRead'));
    expect(operationIdsWith('textAnswer').filter((id) => !reads.has(id))).toEqual([]);
    expect(operationIdsWith('textAnswer').length).toBeGreaterThan(0);
  });

  it('operationIdsWith lists the operations carrying the fact, in the contract order', () => {
    const withFact = operationEntries.filter(([, op]) => op.storedDataRead === true).map(([id]) => id);
    expect(operationIdsWith('storedDataRead')).toEqual(withFact);
  });
});
