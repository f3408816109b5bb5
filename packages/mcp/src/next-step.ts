import type { OperationState } from '@wsadmin/contract';
import type { z } from 'zod';

type State = z.infer<typeof OperationState>;

/**
 * What a caller does next for each operation state, as the service prescribes: `pending` is polled,
 * `unknown` is read back and never reported as passed; `verified` and `failed` are final.
 */
export const nextSteps: Readonly<Record<State, string>> = {
  saved: 'The configuration is saved and no follow-up task runs. Read the object back to confirm it.',
  pending:
    'A follow-up task has not finished. Call get_operation again in a few seconds, until the state is no longer pending.',
  verified: 'Final: the follow-up task or probe passed.',
  failed: 'Final: the follow-up task or acceptance failed. Read the object back and report the failure.',
  unknown:
    'The evidence is insufficient: this is NOT a pass. Read the object back (read_management) and report the state as unknown.',
};

/** The next step of a state the service answered; a state the contract does not know is treated as `unknown`. */
export function nextStepOf(state: unknown): string {
  return typeof state === 'string' && state in nextSteps ? nextSteps[state as State] : nextSteps.unknown;
}
