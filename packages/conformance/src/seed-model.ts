import { managementOperationIds, modelKind } from '@wsadmin/contract';
import { requestOf } from '@wsadmin/contract/routes';
import type { NewModel, Target } from './target';

type Model = Parameters<NonNullable<Target['seedModel']>>[1];

async function dataOf(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  let answer: { errcode?: unknown; errmsg?: unknown; data?: unknown };
  try {
    answer = JSON.parse(text);
  } catch {
    throw new Error(
      `${what}: answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
    );
  }
  if (answer.errcode !== 200) throw new Error(`${what}: ${String(answer.errcode)} ${String(answer.errmsg)}`);
  return (answer.data ?? {}) as Record<string, unknown>;
}

/**
 * `Target.seedModel` through the public management interface (preview, then commit the create):
 * works on any implementation, for the scenarios of other areas that need a model.
 */
export function seedModelThroughApi(target: Target): NonNullable<Target['seedModel']> {
  const operations = managementOperationIds.models;
  return async (workspaceId: number, model: Model) => {
    const changes: NewModel = { ...modelKind.defaults, ...model };
    const send = async (
      operationId: (typeof operations)[keyof typeof operations],
      body: unknown,
      headers: Record<string, string> = {},
    ) => {
      const request = requestOf(operationId, target.baseUrl, {
        params: { workspaceId },
        body,
        headers: { ...headers, authorization: `Bearer ${target.key}` },
      });
      return dataOf(await target.fetch(request), `seeding model ${JSON.stringify(model.name)}`);
    };
    const preview = await send(operations.preview, { action: 'create', changes });
    const commit = await send(
      operations.create,
      { changes, planToken: preview.planToken },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    const definition = commit.definition as { uid?: unknown } | null;
    if (typeof commit.id !== 'number' || typeof definition?.uid !== 'string') {
      throw new Error(`seeding model ${JSON.stringify(model.name)}: the commit answered no id and uid`);
    }
    return { id: commit.id, uid: definition.uid };
  };
}
