import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  type CallToolResult,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { createMock, MOCK_BASE_URL, MOCK_KEY, type MockOptions, type WsadminMock } from '@wsadmin/mock';
import { createClient } from '@wsadmin/sdk';
import { type Log, silentLog } from '../src/log';
import { createWsadminMcpServer } from '../src/server';

export interface SessionOptions {
  /** The mock to talk to (one is made from `scenario` when absent). */
  mock?: WsadminMock;
  scenario?: MockOptions;
  /** The key the MCP server uses; default the mock's unrestricted one. */
  key?: string;
  /** Answers elicitation requests; absent: the client does not declare elicitation. */
  elicit?: (message: string) => ElicitResult;
  allowDestructive?: boolean;
  log?: Log;
  now?: () => Date;
  /** Wraps the mock's fetch (to watch or break requests). */
  wrapFetch?: (fetch: (request: Request) => Promise<Response>) => (request: Request) => Promise<Response>;
}

/** An MCP session over in-memory transports: the official SDK client against our server on the mock. */
export async function inMemorySession(options: SessionOptions = {}) {
  const mock = options.mock ?? createMock({ ...options.scenario, onError: () => {} });
  const fetch = options.wrapFetch ? options.wrapFetch(mock.fetch) : mock.fetch;
  const client = createClient({ baseUrl: MOCK_BASE_URL, key: options.key ?? MOCK_KEY, fetch, retries: 0 });
  const server = createWsadminMcpServer({
    client,
    allowDestructive: options.allowDestructive ?? false,
    log: options.log ?? silentLog,
    ...(options.now ? { now: options.now } : {}),
  });
  const mcp = new Client(
    { name: 'test-client', version: '1.0.0' },
    { capabilities: options.elicit ? { elicitation: { form: {} } } : {} },
  );
  const elicit = options.elicit;
  if (elicit) mcp.setRequestHandler(ElicitRequestSchema, async (request) => elicit(request.params.message));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), mcp.connect(clientSide)]);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  return { mcp, mock, call, close: () => mcp.close() };
}

/** The text of a tool result's first content block. */
export const textOf = (result: CallToolResult): string => {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
};
