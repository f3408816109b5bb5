import type { Schemas, RequestBody as SdkRequestBody } from '@wsadmin/sdk';
import { describe, expectTypeOf, it } from 'vitest';
import type { expect as playwrightExpect, WsadminMock } from '../playwright';
import type { MockChangeKind, MockRequest } from './types';

/** Type tests, checked by `tsc` (npm run typecheck): a journal entry is typed by its operationId. */
describe('journal entry types', () => {
  it('narrows body, params and answer data on operationId', () => {
    const check = (entry: MockRequest) => {
      if (entry.operationId === 'createWorkspace') {
        expectTypeOf(entry.body).toEqualTypeOf<SdkRequestBody<'createWorkspace'> | undefined>();
        expectTypeOf(entry.answer.data).toExtend<Schemas['Workspace'] | undefined | object>();
        expectTypeOf<Schemas['Workspace']>().toExtend<typeof entry.answer.data>();
      }
      if (entry.operationId === 'getWorkspace') {
        expectTypeOf(entry.params).toEqualTypeOf<{ readonly workspaceId: string }>();
      }
      if (entry.operationId === undefined) {
        expectTypeOf(entry.body).toBeUnknown();
        expectTypeOf(entry.params).toEqualTypeOf<Readonly<Record<string, never>>>();
      }
    };
    expectTypeOf(check).toBeFunction();
  });

  it('names kinds of tables and of management objects', () => {
    expectTypeOf<'workspace'>().toExtend<MockChangeKind>();
    expectTypeOf<'measure'>().toExtend<MockChangeKind>();
    expectTypeOf<'timeSeries'>().toExtend<MockChangeKind>();
    expectTypeOf<'account'>().toExtend<MockChangeKind>();
    expectTypeOf<'key'>().toExtend<MockChangeKind>();
    expectTypeOf<'operation'>().toExtend<MockChangeKind>();
    expectTypeOf<'Measure'>().not.toExtend<MockChangeKind>();
  });

  it("gives the Playwright fixture's expect the matchers, typed by operation", () => {
    const check = (expect: typeof playwrightExpect, mock: WsadminMock) => {
      expect(mock).toHaveReceived('createWorkspace', { body: { name: 'Sales' } });
      expect(mock).not.toHaveReceivedTimes('listWorkspaces', 2);
      expect(mock).toHaveReceivedInOrder([
        'listWorkspaces',
        ['getWorkspace', { params: { workspaceId: 1 } }],
      ]);
      expect(mock).toHaveReceivedNothingElse();
      // @ts-expect-error: no such operation.
      expect(mock).toHaveReceived('createWorkspce');
    };
    expectTypeOf(check).toBeFunction();
  });
});
