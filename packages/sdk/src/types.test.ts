import { describe, expectTypeOf, it } from 'vitest';
import { createClient } from './client';
import { ApiError, isApiError, type Result, type WsadminError } from './errors';
import type { Paged } from './paging';
import type { components, operations } from './types';

/**
 * Type tests: `expectTypeOf` and `@ts-expect-error` are checked by `tsc` (npm run typecheck); under
 * vitest they run as no-ops. The functions holding `@ts-expect-error` lines are never called: tsc
 * fails if any of those lines compiles.
 */

type S = components['schemas'];
const client = createClient({ baseUrl: 'http://wsadmin.test', key: 'k', fetch: async () => new Response() });

describe('facade types follow the contract', () => {
  it('workspaces: detail has hcl, list items have hc1', () => {
    expectTypeOf(client.workspaces.get).returns.resolves.toEqualTypeOf<S['Workspace']>();
    expectTypeOf<Awaited<ReturnType<typeof client.workspaces.get>>>().toHaveProperty('hcl');
    expectTypeOf<Awaited<ReturnType<typeof client.workspaces.get>>>().not.toHaveProperty('hc1');
    expectTypeOf(client.workspaces.list).returns.resolves.toEqualTypeOf<S['WorkspaceListItem'][]>();
    expectTypeOf<S['WorkspaceListItem']>().toHaveProperty('hc1');
    expectTypeOf<S['WorkspaceListItem']>().not.toHaveProperty('hcl');
    expectTypeOf(client.workspaces.list).parameter(0).toEqualTypeOf<{ q?: string } | undefined>();
    expectTypeOf(client.workspaces.createMany).parameter(0).toEqualTypeOf<S['WorkspaceCreate'][]>();
    expectTypeOf(client.workspaces.createMany).returns.resolves.toEqualTypeOf<S['Workspace'][]>();
  });

  it('parameters and answers come from the generated operations', () => {
    expectTypeOf(client.dimensions.create).parameter(0).toEqualTypeOf<number>();
    expectTypeOf(client.dimensions.create).parameter(1).toEqualTypeOf<S['DimensionCreate'][]>();
    expectTypeOf(client.dimensions.update).parameter(1).toEqualTypeOf<S['DimensionUpdate'][]>();
    expectTypeOf(client.timeSeries.get).returns.resolves.toEqualTypeOf<S['TimeSeries']>();
    expectTypeOf(client.timeSeries.list).returns.resolves.toEqualTypeOf<S['TimeSeriesListItem'][]>();
    expectTypeOf(client.scopes.get).returns.resolves.toEqualTypeOf<S['AccessKeyScope']>();
    expectTypeOf(client.auth.check).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(client.auth.check).returns.resolves.toEqualTypeOf<boolean>();
    expectTypeOf(client.memberGroups(1, 2).rowPermission.set)
      .parameter(0)
      .toEqualTypeOf<S['RowPermissionSettingInput']>();
    expectTypeOf(client.memberGroups(1, 2).rowPermission.get).returns.resolves.toEqualTypeOf<
      S['RowPermissionSetting']
    >();
    expectTypeOf(client.members(1, 'u').modelPermission.get).returns.resolves.toEqualTypeOf<
      S['ModelPermission']
    >();
    expectTypeOf(client.members(1, 'u').modelPermission.set).returns.resolves.toEqualTypeOf<
      S['ModelPermission']
    >();
    expectTypeOf(client.members(1).setModelPermissions).returns.resolves.toEqualTypeOf<
      S['MemberModelPermissionItem'][]
    >();
    expectTypeOf(client.management(1).impacts).returns.resolves.toEqualTypeOf<S['ManagementImpacts']>();
    expectTypeOf(client.management(1).operation).returns.resolves.toEqualTypeOf<S['ManagementOperation']>();
  });

  it('envelope-only operations resolve void', () => {
    expectTypeOf(client.workspaces.delete).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf(client.accounts.deleteMany).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf(client.members(1, 'u').modelPermission.setEnabled).returns.resolves.toEqualTypeOf<void>();
  });

  it('accounts.fetch resolves Account | null', () => {
    expectTypeOf(client.accounts.fetch).returns.resolves.toEqualTypeOf<S['Account'] | null>();
  });

  it('accounts.projects is a Paged list of account workspaces', () => {
    expectTypeOf(client.accounts.projects).returns.toEqualTypeOf<Paged<S['AccountWorkspace']>>();
    expectTypeOf(client.accounts.projects)
      .parameter(1)
      .toEqualTypeOf<{ role?: number; offset?: number; limit?: number } | undefined>();
  });

  it('management kinds carry their own definitions', () => {
    const management = client.management(1);
    expectTypeOf(management.dimensions.get).returns.resolves.toEqualTypeOf<S['ManagedDimension']>();
    expectTypeOf(management.corpus.get).returns.resolves.toEqualTypeOf<S['ManagedCorpus']>();
    expectTypeOf(management.models.preview).parameter(0).toEqualTypeOf<S['ModelPreviewRequest']>();
    expectTypeOf(management.sops.commitCreate).parameter(0).toEqualTypeOf<S['SopCreateCommit']>();
    expectTypeOf(management.datasets.commitUpdate).returns.resolves.toEqualTypeOf<S['DatasetCommitResult']>();
    expectTypeOf(management.collection('dimension-tables').get).returns.resolves.toEqualTypeOf<
      S['ManagedDimensionTable']
    >();
    expectTypeOf(management.timeSeries.list).returns.resolves.toEqualTypeOf<S['ManagementSummary'][]>();
  });

  it('apply: result types follow the collection and the action', () => {
    const management = client.management(1);
    const update = () =>
      management.apply({
        collection: 'measures',
        action: 'update',
        targetId: 1,
        changes: { description: 'x' },
      });
    expectTypeOf(update).returns.resolves.toHaveProperty('readBack').toEqualTypeOf<S['ManagedMeasure']>();
    expectTypeOf(update).returns.resolves.toHaveProperty('preview').toEqualTypeOf<S['MeasurePreview']>();
    expectTypeOf(update).returns.resolves.toHaveProperty('commit').toEqualTypeOf<S['MeasureCommitResult']>();
    const remove = () => management.apply({ collection: 'sops', action: 'delete', targetId: 1 });
    expectTypeOf(remove).returns.resolves.toHaveProperty('readBack').toEqualTypeOf<null>();
    const create = () =>
      management.apply({ collection: 'corpus', action: 'create', changes: { title: 't', content: 'c' } });
    expectTypeOf(create).returns.resolves.toHaveProperty('readBack').toEqualTypeOf<S['ManagedCorpus']>();
  });

  it('the safe mirror resolves Results', () => {
    expectTypeOf(client.safe.workspaces.get).returns.resolves.toEqualTypeOf<Result<S['Workspace']>>();
    expectTypeOf(client.safe.memberGroups(1, 2).rowPermission.getEnabled).returns.resolves.toEqualTypeOf<
      Result<S['RowPermissionSwitch']>
    >();
    expectTypeOf(client.safe.memberGroups(1).list).returns.resolves.toEqualTypeOf<
      Result<S['MemberGroup'][]>
    >();
    expectTypeOf(client.safe.accounts.projects('u').page).returns.resolves.toEqualTypeOf<
      Result<S['AccountWorkspace'][]>
    >();
    const result = {} as Result<S['Workspace']>;
    if (result.error) {
      expectTypeOf(result.error).toEqualTypeOf<WsadminError>();
      expectTypeOf(result.data).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(result.data).toEqualTypeOf<S['Workspace']>();
    }
  });

  it('errors narrow on errcode', () => {
    const check = (error: unknown) => {
      if (isApiError(error, 409)) {
        expectTypeOf(error.errcode).toEqualTypeOf<409>();
        expectTypeOf(error.reason).toEqualTypeOf<S['ErrorReason'] | undefined>();
        expectTypeOf(error.issues).toEqualTypeOf<S['ErrorIssue'][]>();
      }
      if (error instanceof ApiError) expectTypeOf(error.errcode).toEqualTypeOf<number>();
    };
    check(null);
  });

  it('the raw client is typed by paths', () => {
    const get = () =>
      client.raw.GET('/openapi/v1/workspaces/{workspaceId}/', { params: { path: { workspaceId: 1 } } });
    expectTypeOf(get)
      .returns.resolves.toHaveProperty('data')
      .toEqualTypeOf<
        operations['getWorkspace']['responses'][200]['content']['application/json'] | undefined
      >();
  });
});

// Never called: each @ts-expect-error line must fail to compile, or tsc reports the directive.
export function wrongUsesDoNotCompile() {
  // @ts-expect-error the list item spells it hc1
  client.workspaces.list().then((items) => items[0]?.hcl);
  // @ts-expect-error the detail spells it hcl
  client.workspaces.get(1).then((workspace) => workspace.hc1);
  // @ts-expect-error unknown field in a create body
  client.workspaces.create({ nam: 'Sales' });
  // @ts-expect-error the workspace id is a number
  client.workspaces.get('7');
  // @ts-expect-error createMany takes an array of create items
  client.workspaces.createMany({ name: 'Sales' });
  // @ts-expect-error a dimension needs type, format and names
  client.dimensions.create(1, [{ names: ['region'] }]);
  // @ts-expect-error measure sort is 1 or -1
  client.measures.create(1, [{ names: ['revenue'], sort: 0 }]);
  // @ts-expect-error rowPermissionMode is 1 or 2
  client.memberGroups(1, 2).rowPermission.set({ rowPermissionMode: 3, rowPermission: [] });
  // @ts-expect-error a member group id is required for its permissions
  client.memberGroups(1).rowPermission;
  // @ts-expect-error account fetch may answer null
  client.accounts.fetch('alice').then((account) => account.uid);
  // @ts-expect-error an update preview needs targetId and revision
  client.management(1).dimensions.preview({ action: 'update', changes: {} });
  // @ts-expect-error apply of an update needs a targetId
  client.management(1).apply({ collection: 'dimensions', action: 'update', changes: {} });
  // @ts-expect-error apply of a create takes no targetId
  client.management(1).apply({ collection: 'dimensions', action: 'create', targetId: 1, changes: {} });
  client.management(1).apply({
    collection: 'measures',
    action: 'update',
    targetId: 1,
    // @ts-expect-error measure changes have no `type`
    changes: { type: 'string' },
  });
  // @ts-expect-error not a collection
  client.management(1).impacts('widgets', 1);
  // @ts-expect-error the raw client knows only the contract's paths
  client.raw.GET('/openapi/v1/widgets/');
}
