import { z } from 'zod';
import { defineOperation } from '../operation-spec';
import { API } from './common';

export const authOperations = {
  checkAuthData: defineOperation({
    method: 'post',
    path: `${API}/auth/check-auth-data/`,
    tag: 'Auth',
    summary: 'Validate a generated user login string',
    description:
      'Answers `true` when `authData` is correct and valid, `false` otherwise (also for malformed, tampered or expired data). The format is defined in docs/spec-gaps.md.',
    permission: 'auth',
    readsOnly: true,
    hashesPasswords: true,
    body: z.strictObject({ authData: z.string().min(1).max(8192) }),
    data: z.boolean(),
  }),
};
