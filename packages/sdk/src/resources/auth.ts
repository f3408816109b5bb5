import type { Context } from '../call';
import type { RequestBody, RequestOptions, ResponseData } from '../types';

/** `POST /openapi/v1/auth/check-auth-data/`: login-data validation. */
export interface AuthApi {
  /**
   * Asks the server whether a login string is correct and still valid (`true`), or not (`false`).
   * Produce the string with `createAuthData`.
   *
   * @example
   * const authData = await createAuthData({ key, accountUid });
   * const valid = await client.auth.check(authData); // true
   */
  check(
    authData: RequestBody<'checkAuthData'>['authData'],
    options?: RequestOptions,
  ): Promise<ResponseData<'checkAuthData'>>;
}

export const auth = ({ call }: Context): AuthApi => ({
  check: (authData, o) => call('checkAuthData', { body: { authData } }, o),
});
