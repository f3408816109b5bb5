import { createClient } from '@wsadmin/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMock, MOCK_BASE_URL, MOCK_KEY, type MockMatchers, mockMatchers } from '../index-node';

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the declaration merges with Vitest's own, which reads `any`.
  interface Matchers<T = any> extends MockMatchers<void> {}
}

expect.extend(mockMatchers);

const mock = createMock({ seed: { workspaces: [{ name: 'Sales' }] } });
const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, fetch: mock.fetch, retries: 0 });

/** The failure message of an assertion. */
function failureOf(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the assertion passed');
}

beforeAll(async () => {
  await client.workspaces.list();
  await client.workspaces.create({ name: 'Marketing' });
  await client.workspaces.create({ name: 'Growth', desc: 'new' });
  await expect(client.workspaces.get(99)).rejects.toMatchObject({ errcode: 404 });
});

describe('toHaveReceived', () => {
  it('passes on an entry holding the fields given, deep-partially, and fails with .not', () => {
    expect(mock).toHaveReceived('createWorkspace');
    expect(mock).toHaveReceived('createWorkspace', { body: { name: 'Marketing' } });
    expect(mock).toHaveReceived('getWorkspace', { params: { workspaceId: 99 }, answer: { status: 404 } });
    expect(mock).toHaveReceived('createWorkspace', {
      body: { name: expect.stringMatching(/^Gro/) },
      answer: { data: { id: 3 } },
      headers: { 'content-type': expect.stringContaining('json') },
    });
    expect(mock).not.toHaveReceived('deleteWorkspace');
    expect(mock).not.toHaveReceived('createWorkspace', { body: { name: 'Sales' } });
    expect(failureOf(() => expect(mock).not.toHaveReceived('listWorkspaces'))).toBe(
      'Expected the mock not to have received listWorkspaces, but it did:\n  #1 listWorkspaces GET /openapi/v1/workspaces/ → 200',
    );
  });

  it('lists what was received instead, the same operation with fewest differences first', () => {
    const message = failureOf(() =>
      expect(mock).toHaveReceived('createWorkspace', { body: { name: 'Growth', desc: 'old' } }),
    );
    expect(message).toBe(
      [
        'Expected the mock to have received createWorkspace with {"body":{"name":"Growth","desc":"old"}}.',
        'Received instead, nearest first:',
        '  #3 createWorkspace POST /openapi/v1/workspaces/ → 200',
        '    body.desc: expected "old", received "new"',
        '  #2 createWorkspace POST /openapi/v1/workspaces/ → 200',
        '    body.name: expected "Growth", received "Marketing"',
        '    body.desc: expected "old", received undefined',
        '  #1 listWorkspaces GET /openapi/v1/workspaces/ → 200',
        '  #4 getWorkspace GET /openapi/v1/workspaces/99/ → 404 workspace 99 not found',
      ].join('\n'),
    );
  });

  it('says when the operation was never received, and when nothing was', () => {
    expect(failureOf(() => expect(mock).toHaveReceived('deleteWorkspace'))).toMatch(
      /^Expected the mock to have received deleteWorkspace\.\nReceived no deleteWorkspace; the 4 requests received:\n {2}#1 listWorkspaces/,
    );
    expect(failureOf(() => expect(createMock()).toHaveReceived('listWorkspaces'))).toBe(
      'Expected the mock to have received listWorkspaces.\nThe mock received no request since it was made or last reset.',
    );
  });

  it('refuses an unknown operationId, naming the nearest, and what is not a mock', () => {
    // @ts-expect-error: the types refuse it too.
    expect(() => expect(mock).toHaveReceived('createWorkspce')).toThrow(
      "toHaveReceived: unknown operationId 'createWorkspce'; did you mean 'createWorkspace'?",
    );
    // @ts-expect-error: the types refuse it too.
    expect(() => expect(mock).toHaveReceivedTimes('listWorkspace', 1)).toThrow(
      "toHaveReceivedTimes: unknown operationId 'listWorkspace'; did you mean 'listWorkspaces'?",
    );
    // @ts-expect-error: the types refuse it too.
    expect(() => expect(mock).toHaveReceivedInOrder(['listWorkspaces', ['getWorkspce', {}]])).toThrow(
      "toHaveReceivedInOrder: unknown operationId 'getWorkspce'; did you mean 'getWorkspace'?",
    );
    expect(() => expect({}).toHaveReceived('listWorkspaces')).toThrow(/expect\(\) takes the mock/);
  });
});

describe('toHaveReceivedTimes', () => {
  it('counts the matching entries', () => {
    expect(mock).toHaveReceivedTimes('createWorkspace', 2);
    expect(mock).toHaveReceivedTimes('createWorkspace', 1, { body: { name: 'Marketing' } });
    expect(mock).toHaveReceivedTimes('deleteWorkspace', 0);
    expect(mock).not.toHaveReceivedTimes('createWorkspace', 3);
    expect(failureOf(() => expect(mock).toHaveReceivedTimes('createWorkspace', 1))).toBe(
      [
        'Expected the mock to have received createWorkspace 1 time, received it 2 times:',
        '  #2 createWorkspace POST /openapi/v1/workspaces/ → 200',
        '  #3 createWorkspace POST /openapi/v1/workspaces/ → 200',
      ].join('\n'),
    );
    expect(
      failureOf(() => expect(mock).toHaveReceivedTimes('createWorkspace', 2, { body: { name: 'Growth' } })),
    ).toMatch(
      /^Expected the mock to have received createWorkspace with \{"body":\{"name":"Growth"\}\} 2 times, received it 1 time:\n {2}#3 createWorkspace.*\nReceived instead, nearest first:\n {2}#2 createWorkspace POST \/openapi\/v1\/workspaces\/ → 200\n {4}body\.name: expected "Growth", received "Marketing"/,
    );
  });
});

describe('toHaveReceivedInOrder', () => {
  it('finds the steps in order, others between', () => {
    expect(mock).toHaveReceivedInOrder(['listWorkspaces', ['createWorkspace', { body: { name: 'Growth' } }]]);
    expect(mock).toHaveReceivedInOrder(['createWorkspace', 'createWorkspace', 'getWorkspace']);
    expect(mock).not.toHaveReceivedInOrder(['getWorkspace', 'listWorkspaces']);
  });

  it('says which step was not found after the ones found', () => {
    expect(failureOf(() => expect(mock).toHaveReceivedInOrder(['getWorkspace', 'listWorkspaces']))).toBe(
      [
        'Expected the mock to have received, in this order:',
        '  1. getWorkspace',
        '  2. listWorkspaces',
        'Step 1 was found, the last as #4 getWorkspace GET /openapi/v1/workspaces/99/ → 404 workspace 99 not found; step 2 (listWorkspaces) was not found after it.',
        'Nothing was received after #4.',
      ].join('\n'),
    );
    expect(
      failureOf(() =>
        expect(mock).toHaveReceivedInOrder([
          'listWorkspaces',
          ['createWorkspace', { body: { name: 'Sales' } }],
        ]),
      ),
    ).toBe(
      [
        'Expected the mock to have received, in this order:',
        '  1. listWorkspaces',
        '  2. createWorkspace with {"body":{"name":"Sales"}}',
        'Step 1 was found, the last as #1 listWorkspaces GET /openapi/v1/workspaces/ → 200; step 2 (createWorkspace) was not found after it.',
        'Received instead, nearest first:',
        '  #2 createWorkspace POST /openapi/v1/workspaces/ → 200',
        '    body.name: expected "Sales", received "Marketing"',
        '  #3 createWorkspace POST /openapi/v1/workspaces/ → 200',
        '    body.name: expected "Sales", received "Growth"',
        '  #4 getWorkspace GET /openapi/v1/workspaces/99/ → 404 workspace 99 not found',
      ].join('\n'),
    );
  });
});

describe('toHaveReceivedNothingElse', () => {
  it('passes once every entry was matched by a passing assertion, and a reset starts over', async () => {
    const own = createMock();
    const ownClient = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, fetch: own.fetch, retries: 0 });
    await ownClient.workspaces.create({ name: 'A' });
    await ownClient.workspaces.list();
    expect(own).not.toHaveReceivedNothingElse();
    expect(own).not.toHaveReceived('deleteWorkspace');
    expect(own).toHaveReceived('createWorkspace');
    expect(failureOf(() => expect(own).toHaveReceivedNothingElse())).toBe(
      [
        'Expected every request to have been matched by an earlier assertion; 1 was not:',
        '  #2 listWorkspaces GET /openapi/v1/workspaces/ → 200',
      ].join('\n'),
    );
    expect(own).toHaveReceivedTimes('listWorkspaces', 1);
    expect(own).toHaveReceivedNothingElse();
    await own.reset();
    await ownClient.workspaces.list();
    expect(own).not.toHaveReceivedNothingElse();
  });
});
