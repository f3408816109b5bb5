/**
 * The size of the `tools/list` answer (issue 44: at most about 40 tools and 60 kB of JSON), read
 * with the official MCP client over in-memory transports from the server on the mock: with an
 * unrestricted key, and with a key limited to one workspace and the `workspace` permission. Beside
 * it, in the same run, what one tool per operation would list (the operation's summary and
 * description, and the JSON Schema of its path values, query and body), as peers generate them.
 * Run: `npm run bench -w @wsadmin/mcp`.
 */
import { operationEntries, operations } from '@wsadmin/contract';
import { jsonSchemaOf } from '../src/json-schema';
import { operationArguments } from '../src/tool-schemas';
import { inMemorySession } from '../test/in-memory-session';

const scenario = {
  seed: { workspaces: [{ name: 'Sales' }, { name: 'Ops' }] },
  keys: [{ secret: 'wsk_ops_only', permissions: ['workspace' as const], workspaceIds: [2] }],
};

async function listed(key?: string) {
  const session = await inMemorySession({ scenario, ...(key ? { key } : {}) });
  const started = performance.now();
  const answer = await session.mcp.listTools();
  const ms = performance.now() - started;
  await session.close();
  return { tools: answer.tools.length, bytes: JSON.stringify(answer).length, ms };
}

const flat = operationEntries.map(([operationId, spec]) => ({
  name: operationId,
  description: `${spec.summary}. ${spec.description}`,
  inputSchema: jsonSchemaOf(operationArguments(operationId).omit({ operation: true })),
}));
const flatBytes = JSON.stringify({ tools: flat }).length;

const all = await listed();
const limited = await listed('wsk_ops_only');
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(
  `tools/list, unrestricted key:            ${all.tools} tools, ${kB(all.bytes)} (first list ${all.ms.toFixed(0)} ms)`,
);
console.log(`tools/list, one workspace + 'workspace': ${limited.tools} tools, ${kB(limited.bytes)}`);
console.log(`one tool per operation (same run):       ${flat.length} tools, ${kB(flatBytes)}`);
console.log(
  `grouped / flat: ${(all.bytes / flatBytes).toFixed(2)}x the bytes, ${all.tools}/${Object.keys(operations).length} tools`,
);
console.log(
  `targets: <= 40 tools ${all.tools <= 40 ? 'met' : 'MISSED'}, <= 60 kB ${all.bytes <= 60_000 ? 'met' : 'MISSED'}`,
);
