#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { jsonLinesLog } from '../log';
import { createWsadminMcpServer } from '../server';
import { serveHttp } from './http-transport';
import { HELP, parseArguments, UsageError } from './options';
import { connectService, StartError } from './service';

// stdout carries the stdio transport: everything else goes to stderr.
const log = jsonLinesLog((line) => process.stderr.write(line));

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(HELP);
    return;
  }
  const service = await connectService(options, process.env, log);
  const newServer = () =>
    createWsadminMcpServer({
      client: service.client,
      scope: service.scope,
      allowDestructive: options.allowDestructive,
      log,
    });
  if (options.http) {
    const { url, close } = await serveHttp(newServer, options.port, log);
    process.stderr.write(`wsadmin-mcp: serving ${service.target} over Streamable HTTP at ${url}\n`);
    const stop = () => void close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  await newServer().connect(new StdioServerTransport());
  log('started', { transport: 'stdio', target: service.target });
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof StartError) {
    process.stderr.write(`wsadmin-mcp: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `wsadmin-mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
