import { z } from 'zod';

/** Where the reference server runs (docs/runtimes.md): each is a host of the same core. */
export type ServerRuntime = 'Node' | 'Bun' | 'Deno' | 'Cloudflare Workers';

export const SERVER_RUNTIMES: readonly ServerRuntime[] = ['Node', 'Bun', 'Deno', 'Cloudflare Workers'];

/** What the reader cannot know by itself, without Node: the CPUs of `WSADMIN_WORKERS=auto`. */
export interface SettingsOptions {
  cpus?: () => number;
}

/** What a setting's schema may depend on besides the variable's text. */
export interface ReadContext {
  runtime: ServerRuntime;
  cpus: (() => number) | undefined;
}

/**
 * What a runtime outside a setting's `runtimes` does when the variable is set: refuses to start,
 * naming it and why (rather than ignoring it, so nobody believes it took effect), unless the text
 * is `passes` (the value the runtime has anyway: one process, JSON lines); or ignores it, for a
 * variable that does nothing there by itself.
 */
export type Elsewhere =
  | { refused: (runtime: ServerRuntime) => string; passes?: string }
  | { ignored: string };

/** One row of the settings table (`setting-list.ts`): an environment variable (a Worker: a binding). */
export interface Setting {
  name: string;
  /** What applies when the variable is unset, as `--help` shows it. */
  default: string;
  meaning: string;
  /** The runtimes that honour it. */
  runtimes: readonly ServerRuntime[];
  /** What the other runtimes do with it; every runtime honours a setting without. */
  elsewhere?: Elsewhere;
}

/** A row read into a field of `ServerSettings` by its schema (text, or undefined when unset, to value). */
export interface FieldSetting<Field extends string, Value> extends Setting {
  field: Field;
  schema: (context: ReadContext) => z.ZodType<Value, string | undefined>;
}

/** A row read as a group with others (OpenTelemetry's variables) or by the runtime itself (libuv's). */
export interface GroupSetting extends Setting {
  readBy: string;
}

/** The settings type of a table: one field per `FieldSetting`, of its schema's output. */
export type FieldsOf<Rows extends readonly Setting[]> = {
  [Row in Rows[number] as Row extends FieldSetting<infer Field, unknown>
    ? Field
    : never]: Row extends FieldSetting<string, infer Value> ? Value : never;
};

export function isFieldSetting(row: Setting): row is FieldSetting<string, unknown> {
  return 'field' in row;
}

/** Only the Node server (`@wsadmin/server`) honours it. */
export function isNodeOnly(row: Setting): boolean {
  return row.runtimes.length === 1 && row.runtimes[0] === 'Node';
}

/**
 * A schema of a variable's text from a reader that throws a plain Error naming the problem (the
 * shared parsers of a single setting, such as the CORS origins): its message becomes the issue's.
 */
export function textReader<Value>(
  read: (text: string | undefined) => Value,
): z.ZodType<Value, string | undefined> {
  return z
    .string()
    .optional()
    .transform((text, context) => {
      try {
        return read(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });
}

/** A flag: `1` turns it on; anything else leaves it off. */
export const flag = () =>
  z
    .string()
    .optional()
    .transform((text) => text === '1');

/** A secret or a name whose empty text counts as unset. */
export const optionalText = () =>
  z
    .string()
    .optional()
    .transform((text) => text || undefined);
