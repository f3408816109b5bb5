import { FeaturePermission, operationIds, operations } from '@wsadmin/contract';
import { z } from 'zod';

/**
 * The shape of a scenario file, built from the contract's own request schemas (never a copy): a
 * seeded workspace is `createWorkspace`'s body with the bodies of the operations the seed calls
 * inside it (seed.ts). What only code can hold (a seed function, a `Date`) the loader takes
 * aside before the check (scenario-file.ts).
 */
export function scenarioSchema() {
  const list = <T extends z.ZodType>(item: T) => z.array(item).optional();
  const seedWorkspace = operations.createWorkspace.body.extend({
    sources: operations.setSourceCatalogue.body.shape.tables.optional(),
    timeSeries: list(operations.createTimeSeriesBatch.body.shape.timeSeries.element),
    dimensions: list(operations.createDimensions.body.shape.dimensions.element),
    measures: list(operations.createMeasures.body.shape.measures.element),
    memberGroups: list(operations.createMemberGroup.body),
    members: list(operations.addMember.body),
  });
  const seed = z.strictObject({
    accounts: list(operations.createAccounts.body.shape.accounts.element),
    workspaces: list(seedWorkspace),
  });
  const isoTime = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'Expected an ISO 8601 time');
  // A MockKey (options.ts): the mock's own type, not a request of the contract.
  const key = z.strictObject({
    secret: z.string().min(1),
    name: z.string().optional(),
    description: z.string().optional(),
    permissions: z.array(FeaturePermission).optional(),
    workspaceIds: z.array(z.number().int().positive()).nullable().optional(),
    expiresAt: isoTime.nullable().optional(),
  });
  // Each override is checked by the mock's own rule (checkOverride) once the shape holds.
  const overrides = z.strictObject(
    Object.fromEntries(operationIds.map((operationId) => [operationId, z.unknown().optional()])),
  );
  return z.strictObject({
    seed: seed.optional(),
    keys: z.array(key).optional(),
    overrides: overrides.optional(),
    startAt: isoTime.optional(),
  });
}

/** Where an issue is, as written in the file: `seed.workspaces[0].nmae`. */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** One line per problem: `seed.workspaces[0].nmae: Unrecognized key`. */
export function issueLines(error: z.ZodError): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${pathText([...issue.path, key])}: Unrecognized key`);
    }
    return [`${pathText(issue.path) || '(the file)'}: ${issue.message}`];
  });
}
