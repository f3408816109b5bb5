import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  capConnections,
  DROP_REPORT_SECONDS,
  dropReporter,
  maxConnectionsFor,
} from '../../src/operations/connection-cap';

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

async function cappedServer(cap: number, inWorker: boolean) {
  const drops: number[] = [];
  const server = createServer();
  capConnections(server, cap, { inWorker, onDrop: () => drops.push(Date.now()) });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { server, drops, port: (server.address() as AddressInfo).port };
}

/** A connection that says nothing, and whether the server has closed it. */
async function idle(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const state = { closed: false };
  socket.on('error', () => {});
  socket.on('close', () => {
    state.closed = true;
  });
  await new Promise((ready) => socket.once('connect', ready));
  return { socket, state };
}

/** Polls until `check` holds (the server learns of a connection or a close a moment after the client). */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (await check()) return;
    await new Promise((wake) => setTimeout(wake, 25));
  }
  throw new Error(`never happened: ${what}`);
}

const openConnections = (server: Server) =>
  new Promise<number>((done, fail) =>
    server.getConnections((error, count) => (error ? fail(error) : done(count))),
  );

describe('capConnections', () => {
  it.each([
    ['a single process (Node maxConnections)', false],
    ['a cluster worker (counted by hand)', true],
  ])(
    '%s: closes the connection past the cap, keeps the others, and takes new ones once some close',
    async (_name, inWorker) => {
      const { server, drops, port } = await cappedServer(2, inWorker);
      const first = await idle(port);
      const second = await idle(port);
      await until(async () => (await openConnections(server)) === 2, 'two connections open');
      const third = await idle(port);
      await until(() => third.state.closed, 'the third connection closed');
      expect(drops).toHaveLength(1);
      expect([first.state.closed, second.state.closed]).toEqual([false, false]);

      first.socket.destroy();
      await until(async () => (await openConnections(server)) === 1, 'the first close seen');
      const fourth = await idle(port);
      await until(async () => (await openConnections(server)) === 2, 'the fourth connection kept');
      expect(fourth.state.closed).toBe(false);
      expect(drops).toHaveLength(1);
    },
  );
});

const limits = (soft: string) =>
  `Limit                     Soft Limit           Hard Limit           Units\nMax processes             63704                63704                processes\nMax open files            ${soft}                1048576              files\n`;

describe('maxConnectionsFor', () => {
  it.each([
    ['a limit of 20,000', { given: limits('20000'), want: 20_000 - 256 }],
    ['the common 1,024', { given: limits('1024'), want: 768 }],
    ['a tiny limit, kept at 64', { given: limits('200'), want: 64 }],
    ['a huge limit, kept at 65,536', { given: limits('1048576'), want: 65_536 }],
    ['no limit', { given: limits('unlimited'), want: 65_536 }],
    ['no /proc (not Linux)', { given: undefined, want: 1024 }],
    ['a format it cannot read', { given: 'nothing here', want: 1024 }],
  ])('%s', (_name, { given, want }) => {
    expect(maxConnectionsFor(given)).toBe(want);
  });
});

describe('dropReporter', () => {
  it('logs the first closed connection at once, then one line per window with the count', () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const logger = {
      warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
    };
    let now = 1_000_000;
    const report = dropReporter(logger as unknown as Logger, 8, () => now);
    report();
    for (let i = 0; i < 5; i++) report();
    expect(lines).toHaveLength(1);
    now += DROP_REPORT_SECONDS * 1000;
    report();
    expect(lines.map((line) => line.fields)).toEqual([
      { droppedConnections: 1, maxConnections: 8 },
      { droppedConnections: 6, maxConnections: 8 },
    ]);
    expect(lines[1]?.message).toBe(
      'connection cap reached: closed 6 new connection(s) at WSADMIN_MAX_CONNECTIONS=8',
    );
  });
});
