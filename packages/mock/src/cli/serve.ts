import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { WsadminMock } from '../create-mock';
import { createMock } from '../index-node';
import { INSPECTOR_PATH } from '../inspect/inspector-api';
import type { MockScenario } from '../scenario';
import { mockListener, urlOf } from './http-host';

export interface MockHostStart {
  scenario: MockScenario;
  /** Shown on the inspector page (the command passes the file's name). */
  scenarioName?: string;
  port: number;
  host: string;
  corsOrigins: readonly string[] | '*';
}

export interface RunningMockHost {
  /** The mock's base URL: the SDK's `baseUrl`. */
  readonly url: string;
  readonly inspectorUrl: string;
  readonly mock: WsadminMock;
  close(): Promise<void>;
}

/** The port is taken (`EADDRINUSE`) or may not be used (`EACCES`). */
export class PortUnavailableError extends Error {
  override name = 'PortUnavailableError';
}

/** The seed of the scenario failed: the app refused one of its requests. */
export class SeedFailedError extends Error {
  override name = 'SeedFailedError';
}

/**
 * Serves a mock of `scenario` over HTTP on `host:port`, its inspector at `INSPECTOR_PATH`. Resolves
 * once it listens and the seed is applied.
 */
export async function startMockHost(start: MockHostStart): Promise<RunningMockHost> {
  let listener: ((incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>) | undefined;
  const server = createServer((incoming, outgoing) => {
    if (listener) void listener(incoming, outgoing);
    else outgoing.writeHead(503, { 'Retry-After': '1' }).end();
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        failed(new PortUnavailableError(`port ${start.port} is in use: pass --port`));
      else if (error.code === 'EACCES')
        failed(new PortUnavailableError(`port ${start.port} may not be used by this user: pass --port`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        failed(new PortUnavailableError(`--host ${start.host} is not an address of this machine`));
      else failed(error);
    });
    server.listen(start.port, start.host, listening);
  });
  const close = () =>
    new Promise<void>((closed) => {
      server.close(() => closed());
      server.closeAllConnections();
    });
  // A name (localhost) as given; an address as bound (the port chosen when --port 0).
  const url = isIP(start.host) ? urlOf(server) : `http://${start.host}:${new URL(urlOf(server)).port}`;
  const mock = createMock({ ...start.scenario, baseUrl: url });
  try {
    await mock.ready();
  } catch (error) {
    await close();
    await mock.close();
    throw new SeedFailedError((error as Error).message.replace(/^wsadmin mock: /, ''));
  }
  listener = mockListener(mock, {
    ...(start.scenarioName === undefined ? {} : { scenario: start.scenarioName }),
    corsOrigins: start.corsOrigins,
    inspectorLoopbackOnly: true,
  });
  return {
    url,
    inspectorUrl: new URL(INSPECTOR_PATH, url).href,
    mock,
    async close() {
      await close();
      await mock.close();
    },
  };
}
