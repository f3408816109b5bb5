import { z } from 'zod';
import { BATCH_MAX, IdParam } from '../primitives';

/** Prefix of every documented path. */
export const API = '/openapi/v1';

/** `{workspaceId}` in a path. */
export const WorkspacePath = z.object({ workspaceId: IdParam });

/** A batch array: at least one item, at most BATCH_MAX. */
export function batchOf<T extends z.ZodType>(item: T) {
  return z.array(item).min(1).max(BATCH_MAX);
}
