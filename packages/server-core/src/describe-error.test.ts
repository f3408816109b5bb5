import { describe, expect, it } from 'vitest';
import { describeError } from './errors';

describe('internal error log lines', () => {
  it('keep the message and stack but drop database detail fields', () => {
    const error = Object.assign(new Error('null value in column "status" violates not-null constraint'), {
      detail: 'Failing row contains (uid, scrypt$17$8$1$salt$hash)',
    });
    const line = describeError(error);
    expect(line).toContain('violates not-null constraint');
    expect(line).not.toContain('scrypt$');
  });

  it('never prints a non-Error value', () => {
    expect(describeError({ secret: 'wsk_x' })).toBe('object');
  });
});
