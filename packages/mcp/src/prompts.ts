import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';

export const CHANGE_SAFELY = 'change_safely';

export const promptList: Prompt[] = [
  {
    name: CHANGE_SAFELY,
    title: 'Change a dimension or a permission safely',
    description:
      'The steps to change a managed object (a dimension, ...) or a member permission without surprises.',
    arguments: [
      { name: 'workspaceId', description: 'The workspace to change.', required: true },
      {
        name: 'change',
        description: 'What to change, in words (e.g. "rename dimension 12 to Region").',
        required: true,
      },
    ],
  },
];

/** The text of the prompt: the flow the tools enforce, spelt out for the agent. */
export function changeSafelyPrompt(args: Record<string, string> = {}): GetPromptResult {
  const workspaceId = args.workspaceId ?? '?';
  const change = args.change ?? '(not given)';
  const text = [
    `Change in workspace ${workspaceId}: ${change}`,
    '',
    'Follow these steps and stop at the first refusal:',
    '1. Read the current state first: read_management (listManaged…/getManaged…) for a managed object, its `revision` included; read_member_groups or read_members for a permission.',
    '2. Managed objects (dimensions, measures, time series, models, …): call preview_change with the kind, the action, the target id and revision, and only the fields that change. Nothing is saved.',
    "3. Show the user the preview's impact (usedByModels, usedByDrafts, dependentMeasures) and the candidate, and ask whether to go on. Do not commit without a yes.",
    '4. commit_change with the planToken of that preview, and nothing else. If it answers that the commit may or may not have happened, call it again with the same planToken (same Idempotency-Key, committed at most once).',
    '5. Follow nextStep: pending -> get_operation until it is not pending; unknown -> read the object back and report "unknown", never "done" or "passed".',
    '6. Permissions (row and model permissions) have no preview: read the current permission, show the user the old and the new one, set it only after a yes (write_member_groups / write_members), then read it back.',
    '7. Report what changed, quoting the state and the values read back.',
  ].join('\n');
  return {
    description: 'Change a dimension or a permission safely',
    messages: [{ role: 'user', content: { type: 'text', text } }],
  };
}
