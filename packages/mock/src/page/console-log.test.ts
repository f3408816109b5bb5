import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMock } from '../index-node';
import { logStart, requestLogger } from './console-log';

const mock = createMock({ seed: { workspaces: [{ name: 'Demo' }] }, journal: { limit: 2 } });
afterAll(() => mock.close());
beforeEach(() => mock.reset());
afterEach(() => {
  vi.restoreAllMocks();
});

const list = () =>
  mock.fetch(
    new Request(`${mock.baseUrl}/openapi/v1/workspaces/`, {
      headers: { authorization: `Bearer ${mock.key}` },
    }),
  );

/** The group titles logged while `act` runs. */
async function groupsOf(act: () => Promise<void> | void): Promise<string[]> {
  // A method spied on already would hand back its spy, with the calls of before.
  vi.restoreAllMocks();
  const groups = vi.spyOn(console, 'groupCollapsed').mockImplementation(() => undefined);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'groupEnd').mockImplementation(() => undefined);
  await act();
  return groups.mock.calls.map(([title]) => String(title).replace(/ \(\d+(\.\d)? ms\)$/, ''));
}

describe('requestLogger', () => {
  it('logs each journal entry once, in order, whenever it is asked', async () => {
    const logger = requestLogger(mock);
    const line = '[wsadmin mock] GET /openapi/v1/workspaces/ listWorkspaces → 200';
    expect(
      await groupsOf(async () => {
        await list();
        logger.logNew();
        logger.logNew();
        await list();
        logger.logNew();
      }),
    ).toEqual([line, line]);
  });

  it('starts again after a reset, and skips nothing the limit dropped after the last one logged', async () => {
    const logger = requestLogger(mock);
    await list();
    await list();
    await groupsOf(() => logger.logNew());
    await mock.reset();
    expect(
      await groupsOf(async () => {
        await list();
        logger.logNew();
      }),
    ).toHaveLength(1);
    // Three more with a limit of 2: the journal holds #3 and #4; #2 had been dropped unlogged.
    expect(
      await groupsOf(async () => {
        await list();
        await list();
        await list();
        logger.logNew();
      }),
    ).toHaveLength(2);
  });

  it('logs the request, the answer and the changes inside each group', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'groupCollapsed').mockImplementation(() => undefined);
    const end = vi.spyOn(console, 'groupEnd').mockImplementation(() => undefined);
    await mock.fetch(
      new Request(`${mock.baseUrl}/openapi/v1/workspaces/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${mock.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sales' }),
      }),
    );
    requestLogger(mock).logNew();
    expect(logged.mock.calls.map(([label]) => label)).toEqual(['request', 'answer', 'changes']);
    expect(logged.mock.calls[0]?.[1]).toMatchObject({
      body: { name: 'Sales' },
      headers: { authorization: '[redacted]' },
    });
    expect(logged.mock.calls[2]?.[1]).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'workspace', action: 'created' })]),
    );
    expect(end).toHaveBeenCalledTimes(1);
  });
});

describe('logStart', () => {
  it('names the base URL and the scenario', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    logStart(mock, { seed: { workspaces: [{ name: 'Demo' }] } });
    expect(info.mock.calls).toEqual([
      ['[wsadmin mock] answering https://wsadmin.mock/openapi/v1/ (1 workspace)'],
    ]);
  });
});
