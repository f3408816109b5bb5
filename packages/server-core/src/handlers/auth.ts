import type { authOperations } from '@wsadmin/contract';
import { verifyAuthData } from '../auth/auth-data';
import type { Handlers } from '../http/handler';

export const authHandlers: Handlers<keyof typeof authOperations> = {
  async checkAuthData({ body }, { db, key, clock }) {
    const uid = await verifyAuthData(body.authData, key.authDataKey, clock.now());
    if (uid === undefined) return false;
    const account = await db
      .selectFrom('accounts')
      .select('status')
      .where('uid', '=', uid)
      .executeTakeFirst();
    return account?.status === 1;
  },
};
