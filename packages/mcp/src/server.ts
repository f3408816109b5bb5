import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { WsadminClient } from '@wsadmin/sdk';
import { groupedTools } from './grouped-tools';
import { type KeyScope, readKeyScope } from './key-scope';
import { type Log, silentLog } from './log';
import { managementTools } from './management-tools';
import { PlanBook } from './plan-book';
import { CHANGE_SAFELY, changeSafelyPrompt, promptList } from './prompts';
import { readResource, resourceList, resourceTemplates } from './resources';
import type { SessionContext, ToolDefinition } from './session-context';
import { errorResult } from './tool-result';

export interface WsadminMcpOptions {
  /** The SDK client every tool calls through (its key decides the tools listed). */
  client: WsadminClient;
  /** Run destructive tools without asking when the MCP client cannot ask (no elicitation). Default false. */
  allowDestructive?: boolean;
  /** Where the server's log lines go; never a key, password or plan token. Default: nowhere. */
  log?: Log;
  /** The clock of plan-token expiry. Default: real time. */
  now?: () => Date;
  /** The key's scope when already read (the command reads it once to check the key); else read on first use. */
  scope?: KeyScope;
}

const VERSION = '0.1.0';

/**
 * One MCP session's server: the tools derived from the contract (filtered by the key's scope),
 * the management flow, the resources and the prompt. Connect it to one transport; each session
 * (each stdio process, each Streamable HTTP session) gets its own, and with it its own plan tokens.
 */
export function createWsadminMcpServer(options: WsadminMcpOptions): Server {
  const server = new Server(
    { name: 'wsadmin-mcp', version: VERSION },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        'Workspace Configuration, Permission and Account Service. Changes to managed objects go through preview_change then commit_change; deletes ask the user. Read resource wsadmin://openapi.json for the full operation descriptions. A read_, write_ or delete_ tool answers { operation, data }: data is the answer of the named operation described there.',
    },
  );
  const session: SessionContext = {
    server,
    client: options.client,
    scope: options.scope ?? { permissions: [], workspaceIds: [] },
    plans: new PlanBook(options.now),
    allowDestructive: options.allowDestructive ?? false,
    log: options.log ?? silentLog,
  };
  let scopeRead = options.scope !== undefined;
  let tools = new Map<string, ToolDefinition>();

  /** Reads the key's scope again and rebuilds the tools from it. */
  const refreshTools = async (): Promise<void> => {
    const read = await readKeyScope(session.client);
    if (!read.ok) throw new Error(`the key's scope could not be read: ${read.errmsg}`);
    session.scope = read.scope;
    scopeRead = true;
    tools = new Map(
      [...groupedTools(session), ...managementTools(session)].map((def) => [def.tool.name, def]),
    );
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    await refreshTools();
    return { tools: [...tools.values()].map((def) => def.tool) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (!scopeRead || tools.size === 0) await refreshTools();
    const tool = tools.get(request.params.name);
    if (!tool) return errorResult(`unknown tool or not available to this key: ${request.params.name}`);
    return tool.run(request.params.arguments);
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: resourceList }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates,
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(request.params.uri, session));
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: promptList }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== CHANGE_SAFELY) throw new Error(`unknown prompt: ${request.params.name}`);
    return changeSafelyPrompt(request.params.arguments);
  });
  return server;
}
