import type { z } from 'zod';
import { invalid } from './api-error';

/** Turns zod issues into a 400 whose `errmsg` names the first problems and whose `issues` lists all. */
export function invalidInput(where: string, error: z.ZodError) {
  const issues = error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: describe(issue),
  }));
  const shown = issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return invalid(`${shown.join('; ')}${more}`, issues);
}

function describe(issue: z.core.$ZodIssue): string {
  // Long values (a 1 MB string) must not be echoed back; zod messages never include the value.
  return issue.message.length > 300 ? `${issue.message.slice(0, 300)}…` : issue.message;
}
