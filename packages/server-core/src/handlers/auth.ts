import type { authOperations } from '@wsadmin/contract';
import { verifyAuthData } from '../auth/auth-data';
import { findAccount } from '../sql/accounts';
import type { Handlers } from './handler';

export const authHandlers: Handlers<keyof typeof authOperations> = {
  async checkAuthData({ body }, { db, key, clock }) {
    const uid = await verifyAuthData(body.authData, key.authDataKey, clock.now());
    if (uid === undefined) return false;
    const account = await findAccount(db, uid);
    return account?.status === 1;
  },
};
