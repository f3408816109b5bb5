import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  Id,
  ManagementAction,
  ManagementCollection,
  managementOperationIds,
  OperationState,
  operations,
  PreviewImpact,
  Revision,
} from '@wsadmin/contract';
import { z } from 'zod';
import { confirmDestructive } from './confirmation';
import { jsonSchemaOf } from './json-schema';
import { permits, workspaceRefusal } from './key-scope';
import { nextStepOf } from './next-step';
import { callOperation } from './operation-call';
import type { PlannedChange } from './plan-book';
import type { SessionContext, ToolDefinition } from './session-context';
import { commitExamples, operationRecordExamples, previewExamples, withExamples } from './tool-examples';
import { errorResult, failedResult, invalidArguments, successResult } from './tool-result';

export const PreviewArguments = z.strictObject({
  kind: ManagementCollection,
  workspaceId: Id,
  action: ManagementAction,
  targetId: Id.optional().meta({ description: 'The object to update or delete.' }),
  revision: Revision.optional().meta({
    description: "The object's revision as read (read_management, getManaged...); update and delete.",
  }),
  changes: z.record(z.string(), z.unknown()).optional().meta({
    description:
      "The kind's fields: all required ones for create, any for update, {} or none for delete. Their JSON Schema: resource wsadmin://change-schemas/{kind}.",
  }),
  operatorUid: z.string().optional().meta({ description: 'Account recording the operator (optional).' }),
});

export const CommitArguments = z.strictObject({
  planToken: z
    .string()
    .min(1)
    .meta({ description: 'The plan token a preview_change of this session returned.' }),
});

export const OperationArguments = z.strictObject({ workspaceId: Id, operationId: z.string().min(1).max(64) });

const stateSchema = jsonSchemaOf(OperationState, { inline: true });
const impactSchema = jsonSchemaOf(PreviewImpact, { inline: true });
// Each with its example from the contract's, as the grouped tools carry theirs.
const previewInput = withExamples(jsonSchemaOf(PreviewArguments), previewExamples()) as { type: 'object' };
const commitInput = withExamples(jsonSchemaOf(CommitArguments), commitExamples()) as { type: 'object' };
const operationInput = withExamples(jsonSchemaOf(OperationArguments), operationRecordExamples()) as {
  type: 'object';
};

/** The JSON Schema of the preview request of a kind: what `changes` holds for each action. */
export const changeSchemaOf = (kind: ManagementCollection) =>
  jsonSchemaOf(operations[managementOperationIds[kind].preview].body);

/** Whether commit retries may reuse the Idempotency-Key: no answer, or the service failed (5xx). */
const retryable = (errcode: number | undefined) => errcode === undefined || errcode >= 500;

async function preview(raw: unknown, session: SessionContext): Promise<CallToolResult> {
  const parsed = PreviewArguments.safeParse(raw ?? {});
  if (!parsed.success) return invalidArguments(parsed.error);
  const { kind, workspaceId, action, targetId, revision, operatorUid } = parsed.data;
  const changes = parsed.data.changes ?? {};
  const outside = await workspaceRefusal(session, workspaceId);
  if (outside) return errorResult(outside, [{ path: 'workspaceId', message: outside }], 403);
  const operationId = managementOperationIds[kind].preview;
  // The preview body of the contract, checked here so a wrong field is named before any request.
  // Only the fields given: the contract's preview body is strict per action.
  const given = { targetId, revision, operatorUid };
  const body = {
    action,
    changes,
    ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
  };
  const checked = operations[operationId].body.safeParse(body);
  if (!checked.success) return invalidArguments(checked.error);
  const outcome = await callOperation(session.client, operationId, { params: { workspaceId }, body });
  session.log('tool call', { tool: 'preview_change', operation: operationId, ok: outcome.ok });
  if (!outcome.ok) return failedResult(outcome);
  const data = outcome.data as { planToken: string; expiresAt: string; impact: unknown };
  const plan: PlannedChange = {
    kind,
    workspaceId,
    action,
    targetId,
    changes,
    operatorUid,
    impact: data.impact,
    expiresAt: data.expiresAt,
  };
  session.plans.add(data.planToken, plan);
  return successResult(
    { kind, workspaceId, ...data },
    `Nothing is saved yet. Show the user the impact below; commit_change with this planToken (until ${data.expiresAt}) applies exactly this change.`,
  );
}

async function commit(raw: unknown, session: SessionContext): Promise<CallToolResult> {
  const parsed = CommitArguments.safeParse(raw ?? {});
  if (!parsed.success) return invalidArguments(parsed.error);
  const { planToken } = parsed.data;
  const plan = session.plans.take(planToken);
  if (plan === 'unknown') {
    const message =
      'not a plan token a preview_change of this session returned (invented, from another session, or already committed): call preview_change first';
    return errorResult(`planToken refused: ${message}`, [{ path: 'planToken', message }], 400);
  }
  if (plan === 'stale') {
    const message = 'the plan token has expired: call preview_change again';
    return errorResult(`planToken refused: ${message}`, [{ path: 'planToken', message }], 410);
  }
  if (plan.action === 'delete') {
    const question = `Confirm: delete ${plan.kind} ${plan.targetId} of workspace ${plan.workspaceId}. Impact: ${JSON.stringify(plan.impact)}`;
    const answer = await confirmDestructive(session.server, question, session.allowDestructive);
    if (!answer.confirmed) return errorResult(answer.why);
  }
  const verbs = managementOperationIds[plan.kind];
  const operationId =
    plan.action === 'create' ? verbs.create : plan.action === 'update' ? verbs.update : verbs.remove;
  plan.idempotencyKey ??= randomUUID();
  const operator = plan.operatorUid === undefined ? {} : { operatorUid: plan.operatorUid };
  const body =
    plan.action === 'delete' ? { planToken, ...operator } : { changes: plan.changes, planToken, ...operator };
  const outcome = await callOperation(session.client, operationId, {
    params: { workspaceId: plan.workspaceId, id: plan.targetId },
    headers: { 'Idempotency-Key': plan.idempotencyKey },
    body,
  });
  session.log('tool call', { tool: 'commit_change', operation: operationId, ok: outcome.ok });
  if (!outcome.ok) {
    if (retryable(outcome.errcode)) {
      return errorResult(
        `${outcome.errmsg}\nThe commit may or may not have happened. Call commit_change again with the same planToken: it resends the same Idempotency-Key, so the service commits at most once and answers the first result.`,
        outcome.issues,
        outcome.errcode,
      );
    }
    session.plans.spend(planToken);
    return failedResult({
      ...outcome,
      errmsg: `${outcome.errmsg}\nThis plan is spent: preview the change again.`,
    });
  }
  session.plans.spend(planToken);
  const data = outcome.data as { operationId: string; state: string };
  const nextStep = nextStepOf(data.state);
  return successResult(
    { ...data, workspaceId: plan.workspaceId, kind: plan.kind, impact: plan.impact, nextStep },
    `State: ${data.state}. ${nextStep}`,
  );
}

async function getOperation(raw: unknown, session: SessionContext): Promise<CallToolResult> {
  const parsed = OperationArguments.safeParse(raw ?? {});
  if (!parsed.success) return invalidArguments(parsed.error);
  const outside = await workspaceRefusal(session, parsed.data.workspaceId);
  if (outside) return errorResult(outside, [{ path: 'workspaceId', message: outside }], 403);
  const outcome = await callOperation(session.client, 'getManagementOperation', { params: parsed.data });
  session.log('tool call', { tool: 'get_operation', operation: 'getManagementOperation', ok: outcome.ok });
  if (!outcome.ok) return failedResult(outcome);
  const data = outcome.data as { state: string };
  const nextStep = nextStepOf(data.state);
  return successResult({ ...data, nextStep }, `State: ${data.state}. ${nextStep}`);
}

const flowOutput = (properties: Record<string, object>, required: string[]) => ({
  type: 'object' as const,
  properties,
  required,
});

/** The three tools of the management flow, when the key has the `workspace` permission. */
export function managementTools(session: SessionContext): ToolDefinition[] {
  if (!permits(session.scope, operations.getManagementOperation)) return [];
  const common = { openWorldHint: false };
  return [
    {
      tool: {
        name: 'preview_change',
        title: 'Preview a change of a managed object',
        description:
          'Step 1 of every change to a managed object (time series, dimensions, measures, dimension tables, models, corpus, SOPs, datasets): saves nothing, answers the revisions, the candidate, the impact (models, drafts and measures affected) and a plan token. Show the impact to the user before commit_change.',
        inputSchema: previewInput,
        outputSchema: flowOutput(
          {
            planToken: { type: 'string' },
            expiresAt: { type: 'string' },
            impact: impactSchema,
          },
          ['planToken', 'expiresAt', 'impact'],
        ),
        annotations: { ...common, readOnlyHint: true, destructiveHint: false, idempotentHint: true },
      },
      run: (args) => preview(args, session),
    },
    {
      tool: {
        name: 'commit_change',
        title: 'Commit a previewed change',
        description:
          'Step 2: applies exactly the change a preview_change of this session returned the planToken for (once, within its validity). Sends an Idempotency-Key and the same one again on a retry of the same planToken. A delete asks the user to confirm. Answers the operation state and the next step: pending -> poll get_operation; unknown -> read the object back, never report it as passed.',
        inputSchema: commitInput,
        outputSchema: flowOutput(
          { operationId: { type: 'string' }, state: stateSchema, nextStep: { type: 'string' }, impact: {} },
          ['operationId', 'state', 'nextStep'],
        ),
        annotations: { ...common, readOnlyHint: false, destructiveHint: true, idempotentHint: true },
      },
      run: (args) => commit(args, session),
    },
    {
      tool: {
        name: 'get_operation',
        title: 'Get the state of a committed change',
        description:
          'Step 3: the operation record of a commit (state saved, pending, verified, failed or unknown) and the next step. Poll while pending; unknown is not a pass.',
        inputSchema: operationInput,
        outputSchema: flowOutput({ state: stateSchema, nextStep: { type: 'string' } }, ['state', 'nextStep']),
        annotations: { ...common, readOnlyHint: true, destructiveHint: false, idempotentHint: true },
      },
      run: (args) => getOperation(args, session),
    },
  ];
}
