/**
 * The SDK in one run: list and create a workspace, create dimensions, change one through the
 * management interface with apply(), and give a member group a row permission.
 *
 *   WSADMIN_URL=http://127.0.0.1:8787 WSADMIN_KEY=wsk_… node --conditions=@wsadmin/source --import tsx examples/node-quickstart/quickstart.ts
 *   node --conditions=@wsadmin/source --import tsx examples/node-quickstart/quickstart.ts --url http://127.0.0.1:8787 --key wsk_…
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createClient, isApiError } from '@wsadmin/sdk';

export interface QuickstartOptions {
  /** Where the service runs, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** An access key with the `workspace` permission. */
  key: string;
  /** Name of the workspace to create. Default `Quickstart`. */
  workspaceName?: string;
  /** Where progress lines go. Default `console.log`. */
  log?: (line: string) => void;
}

/** What the run made, for callers (and the test) to check. */
export interface QuickstartResult {
  workspaceId: number;
  dimensionIds: { region: number; product: number };
  revision: { before: string; after: string };
  memberGroupId: number;
}

export async function main(options: QuickstartOptions): Promise<QuickstartResult> {
  const { baseUrl, key, workspaceName = 'Quickstart', log = console.log } = options;
  const client = createClient({ baseUrl, key });

  // 1. Workspaces: list, then create one (every field is optional; the rest takes defaults).
  const existing = await client.workspaces.list();
  log(`workspaces before: ${existing.length}`);
  const workspace = await client.workspaces.create({
    name: workspaceName,
    desc: 'Made by the SDK quickstart',
  });
  log(`created workspace ${workspace.id} "${workspace.name}"`);

  // 2. Dimensions: one batch call, all or nothing.
  const [region, product] = await client.dimensions.create(workspace.id, [
    { type: 'string', format: 'text', names: ['region'] },
    { type: 'string', format: 'text', names: ['product'] },
  ]);
  if (!region || !product) throw new Error('the server answered fewer dimensions than created');
  log(`created dimensions: region (id ${region.id}), product (id ${product.id})`);

  // 3. A management change: apply() reads the revision, previews, commits and reads back.
  const { preview, readBack, operation } = await client.management(workspace.id).apply({
    collection: 'dimensions',
    action: 'update',
    targetId: region.id,
    changes: { names: ['region', 'sales region'], description: 'Where the order ships to' },
    retryOnConflict: true,
  });
  const before = preview.beforeRevision ?? '';
  log(`apply: dimension ${region.id} ${before} -> ${readBack.revision}, operation ${operation?.state}`);

  // 4. A member group that only sees rows of the EU region.
  const group = await client.memberGroups(workspace.id).create({ name: 'EU analysts' });
  const rows = client.memberGroups(workspace.id, group.id).rowPermission;
  await rows.setEnabled(true);
  await rows.set({
    rowPermissionMode: 1,
    rowPermission: [{ effect: 'allow', resource: 'region', operator: 'equal', values: ['EU'] }],
  });
  const { rowPermission } = await rows.get();
  const rules = rowPermission.map((r) => `${r.effect} ${r.resource} ${r.operator} ${r.values.join(',')}`);
  log(`member group ${group.id} "${group.name}": row permission on, ${rules.join('; ')}`);

  return {
    workspaceId: workspace.id,
    dimensionIds: { region: region.id, product: product.id },
    revision: { before, after: readBack.revision },
    memberGroupId: group.id,
  };
}

/** `--url`/`--key`, else `WSADMIN_URL`/`WSADMIN_KEY`. Throws when either is missing. */
export function parseOptions(argv: string[], env: Record<string, string | undefined>): QuickstartOptions {
  const { values } = parseArgs({
    args: argv,
    options: { url: { type: 'string' }, key: { type: 'string' }, name: { type: 'string' } },
  });
  const baseUrl = values.url ?? env.WSADMIN_URL;
  const key = values.key ?? env.WSADMIN_KEY;
  if (!baseUrl || !key) {
    throw new Error(
      'usage: quickstart.ts --url <base URL> --key <access key> (or WSADMIN_URL and WSADMIN_KEY)',
    );
  }
  return { baseUrl, key, ...(values.name ? { workspaceName: values.name } : {}) };
}

/** Whether this file is the script node was started with (not imported, e.g. by the test). */
function runDirectly(): boolean {
  try {
    const entry = process.argv[1];
    return entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (runDirectly()) {
  try {
    await main(parseOptions(process.argv.slice(2), process.env));
  } catch (error) {
    console.error(isApiError(error) ? `${error.message} [${error.reason ?? 'no reason'}]` : String(error));
    process.exitCode = 1;
  }
}
