import type { Schemas, RequestBody as SdkRequestBody } from '@wsadmin/sdk';
import { describe, expectTypeOf, it } from 'vitest';
import type { RequestBody, ResponseData } from './types';

/**
 * Type tests, checked by `tsc` (npm run typecheck): the mock's request and response types are the
 * SDK's, so a test's `mock.call` and the app's client cannot disagree.
 */
describe("the mock's request and response types", () => {
  it('answers what the SDK answers', () => {
    expectTypeOf<ResponseData<'getWorkspace'>>().toEqualTypeOf<Schemas['Workspace']>();
    expectTypeOf<ResponseData<'listWorkspaces'>>().toEqualTypeOf<Schemas['WorkspaceListItem'][]>();
    expectTypeOf<ResponseData<'deleteWorkspace'>>().toEqualTypeOf<undefined>();
  });

  it('takes the bodies the SDK sends', () => {
    expectTypeOf<RequestBody<'createWorkspace'>>().toEqualTypeOf<SdkRequestBody<'createWorkspace'>>();
    expectTypeOf<RequestBody<'createWorkspace'>>().toHaveProperty('name');
  });
});
