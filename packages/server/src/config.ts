/** Settings of `npm start`, read from the environment. */
export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl: string;
  logLevel: 'info' | 'silent';
  bootstrapKey: string | undefined;
  testClock: boolean;
  /** WSADMIN_TEST_HOOKS=1: the write-transaction pause hook of the tests (storage/write-locks.ts). Never in production. */
  testHooks: boolean;
  validateResponses: boolean;
}

export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  const port = Number(env.PORT ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be 0-65535, got "${env.PORT}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (logLevel !== 'info' && logLevel !== 'silent')
    throw new Error(`LOG_LEVEL must be info or silent, got "${logLevel}"`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL ?? 'sqlite:./data/wsadmin.db',
    logLevel,
    bootstrapKey: env.WSADMIN_BOOTSTRAP_KEY || undefined,
    testClock: env.WSADMIN_TEST_CLOCK === '1',
    testHooks: env.WSADMIN_TEST_HOOKS === '1',
    validateResponses: env.NODE_ENV !== 'production',
  };
}
