import { SETTINGS } from './setting-list';
import {
  type FieldsOf,
  isFieldSetting,
  type ReadContext,
  type ServerRuntime,
  type Setting,
  type SettingsOptions,
} from './setting-row';
import { StartupError } from './startup-error';
import { readTracingSettings, type TracingSettings } from './tracing-settings';

export type { ServerRuntime, SettingsOptions } from './setting-row';
export {
  DEFAULT_DRAIN_SECONDS,
  LOG_LEVELS,
  type LogLevel,
  sqliteFileOf,
  withoutPassword,
} from './setting-values';
export { TRACE_SAMPLERS, type TraceSampler, type TracingSettings } from './tracing-settings';

/**
 * The server's settings, read from the environment (a Worker: its bindings) by `readServerSettings`
 * alike on every runtime: one field per row of the settings table (setting-list.ts), of its
 * schema's type, and OpenTelemetry's settings, read from its standard variables (Node only).
 */
export interface ServerSettings extends FieldsOf<typeof SETTINGS> {
  /** Node: OpenTelemetry traces, from the standard `OTEL_*` variables; undefined: off (the default). */
  tracing?: TracingSettings | undefined;
}

/**
 * The one reader of the server's settings, on every runtime: the environment of `wsadmin-server`
 * (Node), of the Bun and Deno commands, or a Worker's bindings, with the same names, defaults and
 * messages. Throws a StartupError naming the variable, its value and what it accepts, or why this
 * runtime cannot do what it asks.
 */
export function readServerSettings(
  bindings: Readonly<Record<string, unknown>>,
  runtime: ServerRuntime,
  options: SettingsOptions = {},
): ServerSettings {
  const env = textsOf(bindings);
  const refused = refusalOf(env, runtime);
  if (refused) throw new StartupError(refused);
  const context: ReadContext = { runtime, cpus: options.cpus };
  const read: Record<string, unknown> = {};
  for (const row of SETTINGS) {
    if (!isFieldSetting(row)) continue;
    // A runtime outside the row's runtimes has refused the variable above, or reads it as unset.
    const text = row.runtimes.includes(runtime) ? env[row.name] : undefined;
    const parsed = row.schema(context).safeParse(text);
    if (!parsed.success)
      throw new StartupError(parsed.error.issues[0]?.message ?? `${row.name}: cannot read "${text}"`);
    read[row.field] = parsed.data;
  }
  const settings = read as Omit<ServerSettings, 'tracing'>;
  // Each worker would open a private, empty database of its own.
  if (settings.workers > 1 && settings.databaseUrl === 'sqlite::memory:')
    throw new StartupError(
      `WSADMIN_WORKERS=${settings.workers} needs a database the processes share, and DATABASE_URL=sqlite::memory: is private to one process: use sqlite:<file> or postgres://…, or WSADMIN_WORKERS=1`,
    );
  return { ...settings, tracing: runtime === 'Node' ? readTracingSettings(env) : undefined };
}

/** Why `runtime` refuses `setting` set to `text`, naming it; undefined when it takes or ignores it. */
export function refusalOf(
  env: Readonly<Record<string, string | undefined>>,
  runtime: ServerRuntime,
): string | undefined {
  for (const setting of SETTINGS as readonly Setting[]) {
    const elsewhere = setting.elsewhere;
    if (setting.runtimes.includes(runtime) || !elsewhere || !('refused' in elsewhere)) continue;
    const text = env[setting.name]?.trim();
    if (text && text !== elsewhere.passes)
      return `${setting.name} is not supported on ${runtime}: ${elsewhere.refused(runtime)}`;
  }
  return undefined;
}

/** The text bindings only (a Worker's also hold its Durable Object namespace and other objects). */
function textsOf(bindings: Readonly<Record<string, unknown>>): Record<string, string | undefined> {
  const texts: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(bindings)) if (typeof value === 'string') texts[name] = value;
  return texts;
}
