import type { expect as jestExpect } from '@jest/globals';
import { describe, expectTypeOf, it } from 'vitest';
import type { MockMatchers, WsadminMock } from '../index-node';

// What the README's "Expectations" tells a Jest project to declare (Jest 30, `@jest/globals` or
// the injected globals), checked here by `tsc` against Jest's own types.
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends MockMatchers<R> {}
}

describe("the matchers' types in Jest", () => {
  it("adds them to Jest's expect, typed by operation", () => {
    const check = (expect: typeof jestExpect, mock: WsadminMock) => {
      expect(mock).toHaveReceived('createWorkspace', { body: { name: 'Sales' } });
      expect(mock).not.toHaveReceivedTimes('listWorkspaces', 2);
      expect(mock).toHaveReceivedInOrder([
        'listWorkspaces',
        ['getWorkspace', { params: { workspaceId: 1 } }],
      ]);
      expect(mock).toHaveReceivedNothingElse();
      // @ts-expect-error: no such operation.
      expect(mock).toHaveReceived('createWorkspce');
      // @ts-expect-error: createWorkspace has no `title`.
      expect(mock).toHaveReceived('createWorkspace', { body: { title: 'Sales' } });
    };
    expectTypeOf(check).toBeFunction();
  });
});
