import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { WsadminClient } from '@wsadmin/sdk';
import type { KeyScope } from './key-scope';
import type { Log } from './log';
import type { PlanBook } from './plan-book';

/** What the tools of one MCP session share. */
export interface SessionContext {
  readonly server: Server;
  readonly client: WsadminClient;
  /** The key's scope as last read (every `tools/list` reads it again). */
  scope: KeyScope;
  readonly plans: PlanBook;
  readonly allowDestructive: boolean;
  readonly log: Log;
}

/** A tool as listed, and what runs it. */
export interface ToolDefinition {
  readonly tool: Tool;
  run(args: unknown): Promise<CallToolResult>;
}
