import type { z } from 'zod';
import { invalid } from './errors';

type ZodIssue = z.core.$ZodIssue;

/** Turns zod issues into a 400 whose `errmsg` names the first problems and whose `issues` lists all. */
export function invalidInput(where: string, error: z.ZodError) {
  const issues = error.issues.flatMap(unwrapUnion).map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: describe(issue),
  }));
  const shown = issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return invalid(`${shown.join('; ')}${more}`, issues);
}

/**
 * A union of strict objects told apart by their keys (single or batch body of the same endpoint)
 * fails as a bare "Invalid input". When exactly one branch accepts the keys that were sent, its
 * issues say what is wrong, e.g. `body.memberModelPermission.2.modelPermission.effect`.
 */
function unwrapUnion(issue: ZodIssue): ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const fitting = issue.errors.filter(
    (branch) => !branch.some((inner) => inner.code === 'unrecognized_keys' && inner.path.length === 0),
  );
  const [only] = fitting;
  if (fitting.length !== 1 || !only || only.length === 0) return [issue];
  return only.flatMap((inner) => unwrapUnion({ ...inner, path: [...issue.path, ...inner.path] }));
}

function describe(issue: ZodIssue): string {
  // Long values (a 1 MB string) must not be echoed back; zod messages never include the value.
  return issue.message.length > 300 ? `${issue.message.slice(0, 300)}…` : issue.message;
}
