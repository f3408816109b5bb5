import { FeaturePermission, LONG_TEXT_MAX, MAX_ID, SHORT_TEXT_MAX } from '@wsadmin/contract';
import type { NewKey } from './keys';

/**
 * The rules of a new access key, in one place for its two surfaces: `wsadmin-keys create` (flags)
 * and a Worker's `/__admin__/keys/` (a JSON body). Each surface reads its own syntax, then hands the
 * values here with the label the user wrote them under (`--workspaces`, `body.workspaceIds`), so a
 * message names what the user typed.
 */
export type NewKeyField = 'name' | 'description' | 'permissions' | 'workspaceIds' | 'expiresAt';

/** A new key's values as a surface read them, before the rules. */
export interface NewKeyValues {
  name: string;
  description?: string | undefined;
  /** Absent or null: every feature permission. */
  permissions?: readonly string[] | null | undefined;
  /** Absent or null: every workspace; empty: none. Text items are what a command line gives. */
  workspaceIds?: readonly (number | string)[] | null | undefined;
  /** ISO-8601 date or date-time with offset; absent or null: never expires. */
  expiresAt?: string | null | undefined;
}

/** A rule broken: the field, and a message that names it by the surface's label. */
export class NewKeyRuleError extends Error {
  override name = 'NewKeyRuleError';

  constructor(
    readonly field: NewKeyField,
    message: string,
  ) {
    super(message);
  }
}

/** The values checked and normalized (trimmed name, lists without repeats, expiry in UTC). */
export function checkedNewKey(values: NewKeyValues, now: Date, labels: Record<NewKeyField, string>): NewKey {
  const name = values.name.trim();
  if (!name) throw new NewKeyRuleError('name', `${labels.name} is empty`);
  if (name.length > SHORT_TEXT_MAX)
    throw new NewKeyRuleError('name', `${labels.name} is longer than ${SHORT_TEXT_MAX} characters`);
  const description = values.description ?? '';
  if (description.length > LONG_TEXT_MAX) {
    throw new NewKeyRuleError(
      'description',
      `${labels.description} is longer than ${LONG_TEXT_MAX} characters`,
    );
  }
  return {
    name,
    description,
    permissions: values.permissions == null ? [] : permissionsOf(values.permissions, labels.permissions),
    workspaceIds:
      values.workspaceIds == null ? null : workspaceIdsOf(values.workspaceIds, labels.workspaceIds),
    expiresAt: values.expiresAt == null ? null : expiryOf(values.expiresAt, now, labels.expiresAt),
  };
}

function permissionsOf(items: readonly string[], label: string): FeaturePermission[] {
  const permissions: FeaturePermission[] = [];
  for (const item of items) {
    const parsed = FeaturePermission.safeParse(item);
    if (!parsed.success) {
      throw new NewKeyRuleError(
        'permissions',
        `unknown permission "${item}" in ${label}: use ${FeaturePermission.options.join(', ')}`,
      );
    }
    if (!permissions.includes(parsed.data)) permissions.push(parsed.data);
  }
  // Stored, an empty list means "every permission": the opposite of what an empty list suggests.
  if (permissions.length === 0) {
    throw new NewKeyRuleError('permissions', `${label} is empty: leave it out for an unrestricted key`);
  }
  return permissions;
}

function workspaceIdsOf(items: readonly (number | string)[], label: string): number[] {
  const ids: number[] = [];
  for (const item of items) {
    const id = typeof item === 'number' ? item : /^\d+$/.test(item) ? Number(item) : Number.NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
      const shown = typeof item === 'string' ? `"${item}"` : String(item);
      throw new NewKeyRuleError(
        'workspaceIds',
        `workspace id ${shown} in ${label} is not an integer from 1 to ${MAX_ID}`,
      );
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function expiryOf(text: string, now: Date, label: string): string {
  const value = text.trim();
  const shaped = ISO_DATE.test(value) || ISO_DATE_TIME.test(value);
  const time = shaped && isCalendarDate(value.slice(0, 10)) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new NewKeyRuleError(
      'expiresAt',
      `${label} "${text}" is not an ISO-8601 date or date-time with offset, e.g. 2030-01-31 or 2030-01-31T18:00:00Z`,
    );
  }
  if (time <= now.getTime()) throw new NewKeyRuleError('expiresAt', `${label} ${text} is not in the future`);
  return new Date(time).toISOString();
}

/** Date.parse rolls 2030-02-30 over to March; refuse days the month does not have. */
function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  return new Date(Date.UTC(year, month - 1, day)).toISOString().startsWith(date);
}
