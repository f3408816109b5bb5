import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** Whether a destructive call may run: asked, and answered yes; or why not. */
export type Confirmation = { readonly confirmed: true } | { readonly confirmed: false; readonly why: string };

/**
 * Asks the user, through MCP elicitation, to confirm a destructive call. A client without
 * elicitation cannot ask: the call is refused then, unless the server was started with
 * `--allow-destructive` (the operator's standing yes).
 */
export async function confirmDestructive(
  server: Server,
  message: string,
  allowDestructive: boolean,
): Promise<Confirmation> {
  if (!server.getClientCapabilities()?.elicitation) {
    return allowDestructive
      ? { confirmed: true }
      : {
          confirmed: false,
          why: 'This call deletes data and needs a confirmation, but this MCP client cannot ask the user (no elicitation support). Start wsadmin-mcp with --allow-destructive to allow such calls without asking.',
        };
  }
  const answer = await server.elicitInput({
    mode: 'form',
    message,
    requestedSchema: {
      type: 'object',
      properties: {
        confirm: { type: 'boolean', title: 'Delete', description: 'Yes: run this deletion.' },
      },
      required: ['confirm'],
    },
  });
  if (answer.action === 'accept' && answer.content?.confirm === true) return { confirmed: true };
  return {
    confirmed: false,
    why: `The user did not confirm the deletion (${answer.action}); nothing was deleted.`,
  };
}
