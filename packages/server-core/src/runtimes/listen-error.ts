import { StartupError } from '../settings/startup-error';

/**
 * The server could not listen (port in use, no permission, no such address), in the same words on
 * every runtime: Node, Bun and Deno all give the cause a `code` (`EADDRINUSE`, …) but each its own
 * message ("address already in use", "Failed to start server. Is port 8787 in use?", "Address
 * already in use (os error 98)"). One plain line for the operator, no stack.
 */
export function listenError(host: string, port: number, cause: unknown): StartupError {
  const code = (cause as { code?: unknown } | undefined)?.code;
  const message =
    code === 'EADDRINUSE'
      ? `port ${port} is in use: stop the other server on ${host}:${port} or choose another PORT`
      : code === 'EACCES'
        ? `cannot listen on ${host}:${port}: permission denied (ports below 1024 need privileges): choose another PORT`
        : code === 'EADDRNOTAVAIL'
          ? `cannot listen on ${host}:${port}: this machine has no such address: check HOST`
          : `cannot listen on ${host}:${port}: ${cause instanceof Error ? cause.message : String(cause)}`;
  return new StartupError(message, { cause });
}
