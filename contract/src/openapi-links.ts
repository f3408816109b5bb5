import type { OperationId } from './all-operations';
import type { OperationSpec } from './operation-spec';

/** An OpenAPI Link object: which operation to call next, and where its parameters come from. */
export interface OperationLink {
  operationId: OperationId;
  parameters: Record<string, string>;
  description: string;
}

const PATH_PARAM = /^\{(.+)\}$/;

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** POST operations that create objects: single ones answer the object, batches an array of them. */
function createdShape(operationId: string, op: OperationSpec): 'single' | 'batch' | undefined {
  if (op.method !== 'post' || !/^(create|add)[A-Z]/.test(operationId) || !op.data) return undefined;
  return op.data.def.type === 'array' ? 'batch' : 'single';
}

/** The field of the answer that names the created object: `id`, or `uid` for accounts and members. */
function identifyingField(op: OperationSpec, shape: 'single' | 'batch'): 'id' | 'uid' | undefined {
  const data = op.data as { def: { element?: unknown } } | undefined;
  const item = (shape === 'batch' ? data?.def.element : data) as
    | { shape?: Record<string, unknown> }
    | undefined;
  if (item?.shape?.id) return 'id';
  if (item?.shape?.uid) return 'uid';
  return undefined;
}

/**
 * Links from each create operation's success answer to the operations that read, change or delete
 * what it created: those whose path is the collection's path plus one path parameter. That parameter comes from the answer (`$response.body#/data/id`; a batch links
 * its first item, `#/data/0/id`), the others from the create's own path (`$request.path.x`).
 * Tools such as Schemathesis follow them to chain create → read → update → delete.
 */
export function linksOf(
  operationId: string,
  op: OperationSpec,
  all: ReadonlyArray<readonly [OperationId, OperationSpec]>,
): Record<string, OperationLink> | undefined {
  const shape = createdShape(operationId, op);
  if (!shape) return undefined;
  const field = identifyingField(op, shape);
  if (!field) return undefined;
  // A batch posts to `<collection>/create-<things>/`; single creates post to the collection.
  const collection = shape === 'batch' ? segments(op.path).slice(0, -1) : segments(op.path);
  const pointer = shape === 'batch' ? `$response.body#/data/0/${field}` : `$response.body#/data/${field}`;
  const links: Record<string, OperationLink> = {};
  for (const [targetId, target] of all) {
    const path = segments(target.path);
    const created = path[collection.length]?.match(PATH_PARAM)?.[1];
    if (!created || path.length !== collection.length + 1) continue;
    if (!collection.every((segment, index) => segment === path[index])) continue;
    const parameters: Record<string, string> = {};
    for (const segment of path.slice(0, collection.length)) {
      const name = segment.match(PATH_PARAM)?.[1];
      if (name) parameters[name] = `$request.path.${name}`;
    }
    parameters[created] = pointer;
    const which = shape === 'batch' ? 'the first object this call created' : 'the object this call created';
    links[targetId] = { operationId: targetId, parameters, description: `\`${targetId}\` on ${which}.` };
  }
  return Object.keys(links).length > 0 ? links : undefined;
}
