import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { bundledScript } from '@wsadmin/server-testing/processes';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/**
 * `wsadmin-mcp` from its sources, bundled into one file as its build ships it (the repository's
 * packages from source, their dependencies as installed): tsx would compile the sources again at
 * each of the tests' starts, two to three seconds of CPU each.
 */
const command = async (): Promise<string[]> => [await bundledScript('packages/mcp/src/cli/main.ts')];

/** The environment of a child: this process's, less vitest's own, plus `extra`. */
const childEnv = (extra: Record<string, string>): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !/^(VITEST|NODE_OPTIONS$|WSADMIN_)/.test(name)) env[name] = value;
  return { ...env, ...extra };
};

/** Runs the command to its end: exit status and output. */
export async function runCommand(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...(await command()), ...args], {
      cwd: REPO_ROOT,
      env: childEnv(env),
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** An MCP client whose call returns the tool result. */
const withCall = (client: Client) => ({
  client,
  call: async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult,
});

/** The official client over stdio, with `wsadmin-mcp <args>` as its server; `stderr()` is what it logged. */
export async function stdioClient(args: string[], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...(await command()), ...args],
    cwd: REPO_ROOT,
    env: childEnv(env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return { ...withCall(client), stderr: () => stderr, close: () => client.close() };
}

/** `wsadmin-mcp --http <args>` started; resolves with its URL once it listens. */
export async function httpCommand(args: string[], env: Record<string, string> = {}) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [...(await command()), '--http', ...args],
    {
      cwd: REPO_ROOT,
      env: childEnv(env),
      stdio: 'pipe',
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 90 s:\n${stderr}`)), 90_000);
    const look = () => {
      const found = /Streamable HTTP at (http:\/\/\S+)/.exec(stderr)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stderr.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${stderr}`));
    });
  });
  const connect = async () => {
    const client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return withCall(client);
  };
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, connect, stderr: () => stderr, stop };
}
