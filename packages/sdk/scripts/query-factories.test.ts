import { describe, expect, it } from 'vitest';
import { objectWrites, settingWrites } from '../src/generated/query-factories';
import { routes } from '../src/route-table';
import type { OperationId } from '../src/types';
import { renderQueryFactories } from './query-factories';

/** The generated factory types of a small facade, rendered as lines. */
const rendered = renderQueryFactories(
  {
    items: {
      1: { list: 'listMemberGroups' },
      2: { remove: 'deleteMemberGroup', set: 'setMemberGroupRowPermission' },
    },
  },
  {
    workspaces: { get: 'getWorkspace', create: 'createWorkspace', remove: 'deleteWorkspace' },
    accounts: { fetch: 'fetchAccount' },
    items: { list: 'listMemberGroups', remove: 'deleteMemberGroup', set: 'setMemberGroupRowPermission' },
  },
).split('\n');

describe('the generated factory types (generated/query-factories.ts)', () => {
  it.each([
    [
      'a GET is a query keyed by its operation',
      "    readonly get: Query<F['workspaces']['get'], 'getWorkspace'>;",
    ],
    [
      'a write with a body takes it as variables',
      "    readonly create: BodyMutation<F['workspaces']['create']>;",
    ],
    ['a write without a body has none', "    readonly remove: Mutation<F['workspaces']['remove']>;"],
    ['a POST that reads is a query', "    readonly fetch: Query<F['accounts']['fetch'], 'fetchAccount'>;"],
    ['an object with hand-written factories adds them', "  } & HandWritten<'accounts'>;"],
    ['a scope has one call signature per form', "    (...values: Form<F['items'], 2>[0]): {"],
    [
      'a form holds only its own methods',
      "      readonly list: Query<Form<F['items'], 1>[1]['list'], 'listMemberGroups'>;",
    ],
    [
      'a body is read from the method sending it',
      "  setMemberGroupRowPermission: Body<Form<F['items'], 2>[1]['set']>;",
    ],
  ])('%s', (_name, line) => {
    expect(rendered).toContain(line);
  });

  it('keys a list by its query and a POST read by its body', () => {
    expect(rendered).toContain(
      "  fetchAccount: { key: readonly ['wsadmin', ...RoutePaths['fetchAccount']['segments'], body: OperationBodies['fetchAccount']]; values: [...RoutePaths['fetchAccount']['values'], body: OperationBodies['fetchAccount']] };",
    );
    expect(rendered.join('\n')).toMatch(/^ {2}listMemberGroups: \{ key: readonly \[.*'list'\]; /m);
  });

  it('says it is generated', () => {
    expect(rendered.slice(0, 2).join('\n')).toMatch(/^\/\/ Generated .*\n\/\/ Do not edit by hand\./);
  });
});

describe('the write tables', () => {
  it('gives each object write its kind: commits and the legacy writes below the legacy list', () => {
    expect(objectWrites).toMatchObject({
      createManagedDimension: 'dimensions',
      createTimeSeriesBatch: 'time-series',
      deleteMeasures: 'measures',
      deleteManagedDataset: 'datasets',
    });
    for (const id of Object.keys(objectWrites) as OperationId[]) expect(routes[id].method).not.toBe('get');
  });

  it('pairs each setting with the read at its path, and nothing else', () => {
    for (const [write, read] of Object.entries(settingWrites) as [OperationId, OperationId][]) {
      expect(routes[read].path).toBe(routes[write].path);
      expect(routes[read].method).toBe('get');
    }
    expect(settingWrites).not.toHaveProperty('updateWorkspace');
  });
});
