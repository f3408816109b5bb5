/** What the command line asks for. */
export interface CliOptions {
  readonly help: boolean;
  readonly http: boolean;
  /** The HTTP port; 0 picks a free one. */
  readonly port: number;
  /** `--mock`: run against the mock; `scenario` is the scenario file given after it (.json or a module), read by the mock's loader, if any. */
  readonly mock: { readonly scenario?: string | undefined } | undefined;
  readonly allowDestructive: boolean;
}

export const DEFAULT_PORT = 8931;

/** A command line that cannot run, with the reason to print. */
export class UsageError extends Error {}

/** Reads the arguments; throws `UsageError` naming the first one it does not understand. */
export function parseArguments(args: readonly string[]): CliOptions {
  let help = false;
  let http = false;
  let port = DEFAULT_PORT;
  let mock: CliOptions['mock'];
  let allowDestructive = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const next = args[index + 1];
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--http') http = true;
    else if (arg === '--allow-destructive') allowDestructive = true;
    else if (arg === '--port' || arg.startsWith('--port=')) {
      const text = arg.startsWith('--port=') ? arg.slice('--port='.length) : next;
      if (arg === '--port') index++;
      if (!text || !/^\d+$/.test(text) || Number(text) > 65535)
        throw new UsageError(`--port needs a port number (0 to 65535), got ${text ?? 'nothing'}`);
      port = Number(text);
    } else if (arg === '--mock') {
      const scenario = next !== undefined && !next.startsWith('-') ? next : undefined;
      if (scenario !== undefined) index++;
      mock = { scenario };
    } else throw new UsageError(`unknown argument: ${arg} (see --help)`);
  }
  return { help, http, port, mock, allowDestructive };
}

export const HELP = `wsadmin-mcp: an MCP server for the Workspace Configuration, Permission and Account Service.
Tools derived from the contract; every change to a managed object goes through preview_change and
commit_change; deletions ask the user to confirm.

Usage:
  wsadmin-mcp                      stdio transport (what MCP clients start)
  wsadmin-mcp --http [--port N]    Streamable HTTP on http://127.0.0.1:N/mcp (default ${DEFAULT_PORT}; 0: any free port)
  wsadmin-mcp --mock [scenario.json]
                                   against the in-memory mock (a sandbox, no server); the optional file is a
                                   MockScenario of @wsadmin/mock as JSON: { "seed": ..., "keys": [...], "startAt": ... }

Options:
  --allow-destructive   run deletions without asking when the MCP client cannot ask (no elicitation)
  --help                this text

Environment:
  WSADMIN_BASE_URL      where the service runs, e.g. https://wsadmin.example.com (not with --mock)
  WSADMIN_KEY           the access key (with --mock: optional, default the mock's unrestricted key)

Logs go to stderr, one JSON line each, never with a key, password or plan token.
Exit status 2: missing configuration, a refused key, or an unreachable service.
`;
