import type { ManagementCollection } from '@wsadmin/contract';

/** A change a `preview_change` of this session previewed, kept until it is committed or refused. */
export interface PlannedChange {
  readonly kind: ManagementCollection;
  readonly workspaceId: number;
  readonly action: 'create' | 'update' | 'delete';
  readonly targetId?: number | undefined;
  readonly changes: unknown;
  readonly operatorUid?: string | undefined;
  /** The preview's impact, shown again with the commit. */
  readonly impact: unknown;
  /** When the service stops accepting the plan token (ISO 8601). */
  readonly expiresAt: string;
  /**
   * The Idempotency-Key of the first commit attempt: a retry after an attempt that got no answer
   * sends the same one, so the service replays the first result instead of committing twice.
   */
  idempotencyKey?: string;
}

/** Why a plan token cannot be committed. */
export type PlanRefusal = 'unknown' | 'stale';

/**
 * The plan tokens one MCP session's previews returned. `commit_change` takes nothing else: a token
 * from another session, an invented one, or one already spent is unknown here.
 */
export class PlanBook {
  readonly #plans = new Map<string, PlannedChange>();
  readonly #now: () => Date;

  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  add(planToken: string, change: PlannedChange): void {
    this.#plans.set(planToken, change);
  }

  /** The change of a token, or why it cannot be committed (a stale one is dropped). */
  take(planToken: string): PlannedChange | PlanRefusal {
    const change = this.#plans.get(planToken);
    if (!change) return 'unknown';
    if (Date.parse(change.expiresAt) <= this.#now().getTime()) {
      this.#plans.delete(planToken);
      return 'stale';
    }
    return change;
  }

  /** Spends a token: after an answer (success or refusal) it cannot be committed again. */
  spend(planToken: string): void {
    this.#plans.delete(planToken);
  }
}
