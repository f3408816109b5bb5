import type { Context } from '../call';
import type { RequestOptions, ResponseData } from '../types';

/** `GET /openapi/v1/scopes/`: what the calling key may do. */
export interface ScopesApi {
  /**
   * The scope of the calling access key: feature permissions, accessible workspaces, expiry.
   *
   * @example
   * const scope = await client.scopes.get();
   * if (!scope.permissions.includes('workspace')) console.log('read-only key');
   */
  get(options?: RequestOptions): Promise<ResponseData<'getScope'>>;
}

export const scopes = ({ call }: Context): ScopesApi => ({
  get: (o) => call('getScope', {}, o),
});
