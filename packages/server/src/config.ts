import { availableParallelism } from 'node:os';
import {
  readServerSettings,
  type ServerSettings,
  type SettingsOptions,
} from '@wsadmin/server-core/server-kit';

export type { LogLevel } from '@wsadmin/server-core/server-kit';

/** Settings of `wsadmin-server`: the settings type of every runtime's server. */
export type ServerConfig = ServerSettings;

/** What the core's settings reader asks of Node: the CPUs of `WSADMIN_WORKERS=auto`. */
export const NODE_SETTINGS: SettingsOptions = { cpus: availableParallelism };

/** The settings of the environment, read by the core's one reader as every runtime reads them. */
export function readConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  return readServerSettings(env, 'Node', NODE_SETTINGS);
}
