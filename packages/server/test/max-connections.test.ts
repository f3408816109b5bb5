import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import {
  collect,
  listeningUrl,
  spawnTsx,
  stop,
  tempDatabase,
  waitFor,
} from '@wsadmin/server-testing/processes';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` with WSADMIN_MAX_CONNECTIONS=3: three idle sockets fill it, the fourth connection is
// closed at once (and logged), and once the idle ones close the server takes requests again.
const CAP = 3;
const database = tempDatabase('wsadmin-max-connections-');
const sockets: Socket[] = [];
let child: ChildProcessWithoutNullStreams | undefined;

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  if (child) await stop(child);
  database.remove();
});

/** A connection that sends nothing; `closed` turns true when the server closes it. */
async function idleSocket(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const state = { socket, closed: false, bytes: 0 };
  socket.on('error', () => {});
  socket.on('data', (chunk: Buffer) => {
    state.bytes += chunk.byteLength;
  });
  socket.on('close', () => {
    state.closed = true;
  });
  await new Promise((ready) => socket.once('connect', ready));
  return state;
}

/** GET /healthz on a connection of its own: the status, or the error of a closed connection. */
async function health(url: string): Promise<number | string> {
  try {
    const response = await fetch(`${url}/healthz`, { headers: { connection: 'close' } });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return String((error as Error).cause ?? error);
  }
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let attempt = 0; attempt < 200; attempt++) {
    last = await read();
    if (done(last)) return last;
    await new Promise((wake) => setTimeout(wake, 50));
  }
  throw new Error(`${what}: last ${JSON.stringify(last)}`);
}

describe('WSADMIN_MAX_CONNECTIONS', () => {
  it('closes the connection past the cap at once, keeps the open ones, and serves again once they close', async () => {
    child = spawnTsx('packages/server/src/bin/start.ts', [], {
      PORT: '0',
      DATABASE_URL: database.url,
      WSADMIN_BOOTSTRAP_KEY: 'wsk_max-connections-test',
      WSADMIN_MAX_CONNECTIONS: String(CAP),
    });
    const output = collect(child);
    const url = await listeningUrl(child, output, 15_000);
    const port = Number(new URL(url).port);
    expect(await health(url)).toBe(200);

    const idle = [];
    for (let i = 0; i < CAP; i++) idle.push(await idleSocket(port));
    // The server sees a connection a moment after the client: the next one is refused once all are counted.
    const extra = await eventually(
      () =>
        idleSocket(port).then(async (state) => {
          await new Promise((wake) => setTimeout(wake, 100));
          return state;
        }),
      (state) => state.closed,
      'a connection past the cap was never closed',
    );
    expect(extra).toMatchObject({ closed: true, bytes: 0 });
    expect(idle.map((state) => state.closed)).toEqual([false, false, false]);
    expect(await health(url)).not.toBe(200);
    await waitFor(output, (seen) => seen.stdout.includes('connection cap reached'));
    const warning = output()
      .stdout.split('\n')
      .find((line) => line.includes('connection cap reached'));
    expect(JSON.parse(warning ?? '{}')).toMatchObject({ level: 40, maxConnections: CAP });

    for (const state of idle) state.socket.destroy();
    expect(
      await eventually(
        () => health(url),
        (status) => status === 200,
        'never served again',
      ),
    ).toBe(200);
  });
});
