import { createClient, type WsadminClient } from '@wsadmin/sdk';
import { type KeyScope, readKeyScope } from '../key-scope';
import type { Log } from '../log';
import type { CliOptions } from './options';

/** A configuration the command cannot start with: printed, then exit status 2. */
export class StartError extends Error {}

/** The client the tools call through and the key's scope, checked once at start. */
export interface Service {
  readonly client: WsadminClient;
  readonly scope: KeyScope;
  /** What the server talks to, for the start line: a URL or the mock. */
  readonly target: string;
}

/**
 * The mock as a sandbox: `createMock` of @wsadmin/mock with the scenario file (`.json`, or a module
 * of `defineScenario`), read and checked by the mock's own loader (the one `wsadmin-mock` uses), so
 * a bad file is named with its field here too. Loaded only with `--mock`.
 */
async function mockClient(scenarioPath: string | undefined, key: string | undefined, log: Log) {
  const { createMock, loadScenarioFile, MOCK_BASE_URL, MOCK_KEY } = await import('@wsadmin/mock/node');
  let scenario = {};
  if (scenarioPath !== undefined) {
    try {
      scenario = await loadScenarioFile(scenarioPath);
    } catch (error) {
      throw new StartError(`--mock: ${(error as Error).message}`);
    }
  }
  const mock = createMock({
    ...scenario,
    onError: (error) => log('mock error', { message: String(error) }),
  });
  return createClient({ baseUrl: MOCK_BASE_URL, key: key ?? MOCK_KEY, fetch: mock.fetch });
}

/** The client from the environment (or the mock) and its key's scope; a `StartError` says what is wrong. */
export async function connectService(
  options: CliOptions,
  env: Readonly<Record<string, string | undefined>>,
  log: Log,
): Promise<Service> {
  const key = env.WSADMIN_KEY || undefined;
  let client: WsadminClient;
  let target: string;
  if (options.mock) {
    client = await mockClient(options.mock.scenario, key, log);
    target = options.mock.scenario ? `the mock (scenario ${options.mock.scenario})` : 'the mock';
  } else {
    const baseUrl = env.WSADMIN_BASE_URL;
    if (!baseUrl)
      throw new StartError(
        'WSADMIN_BASE_URL is not set: give the URL of the service (e.g. https://wsadmin.example.com), or run with --mock for a sandbox',
      );
    if (!key)
      throw new StartError('WSADMIN_KEY is not set: give an access key of the service (or run with --mock)');
    try {
      client = createClient({ baseUrl, key, retries: 1, timeoutMs: 15_000 });
    } catch (error) {
      throw new StartError(`WSADMIN_BASE_URL: ${(error as Error).message}`);
    }
    target = baseUrl;
  }
  const read = await readKeyScope(client);
  if (!read.ok) {
    if (read.errcode === undefined)
      throw new StartError(`cannot reach the service at ${target}: ${read.errmsg}`);
    throw new StartError(`the service refused the key (errcode ${read.errcode}): ${read.errmsg}`);
  }
  return { client, scope: read.scope, target };
}
