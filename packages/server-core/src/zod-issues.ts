import type { z } from 'zod';
import { invalid } from './errors';

type ZodIssue = z.core.$ZodIssue;

/** Turns zod issues into a 400 whose `errmsg` names the first problems and whose `issues` lists all. */
export function invalidInput(where: string, error: z.ZodError) {
  const issues = error.issues.flatMap(unwrapUnion).map((issue) => ({
    path: [where, ...issue.path.map(shownSegment)].join('.'),
    message: describe(issue),
  }));
  const shown = issues.slice(0, 3).map((issue) => `${issue.path}: ${issue.message}`);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return invalid(`${shown.join('; ')}${more}`, issues);
}

/**
 * A union of strict objects told apart by their keys (single or batch body of the same endpoint), or
 * of an object and `null`, fails as a bare "Invalid input". When exactly one branch accepts the keys that were sent, its
 * issues say what is wrong, e.g. `body.memberModelPermission.2.modelPermission.effect`.
 */
function unwrapUnion(issue: ZodIssue): ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  // A branch does not fit when the value is not even of its type (`null` of `orNull`) or has keys it lacks.
  const fitting = issue.errors.filter(
    (branch) =>
      !branch.some(
        (inner) =>
          (inner.code === 'unrecognized_keys' || inner.code === 'invalid_type') && inner.path.length === 0,
      ),
  );
  const [only] = fitting;
  if (fitting.length !== 1 || !only || only.length === 0) return [issue];
  return only.flatMap((inner) => unwrapUnion({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** The most of one path segment an error names: a map key can be as long as the body. */
const SEGMENT_SHOWN = 64;

/** A path segment as the error names it: a key the client chose (a 300,000-character one) cut short. */
function shownSegment(segment: PropertyKey): string {
  const text = String(segment);
  return text.length > SEGMENT_SHOWN ? `${text.slice(0, SEGMENT_SHOWN)}…` : text;
}

function describe(issue: ZodIssue): string {
  // A record's key that fails its schema: zod says only "Invalid key in record"; its own issue says why.
  const inner = issue.code === 'invalid_key' ? issue.issues[0] : undefined;
  const message = inner ? `invalid key: ${inner.message}` : issue.message;
  // Long values (a 1 MB string) must not be echoed back; zod messages never include the value.
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}
