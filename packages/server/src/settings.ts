/**
 * Every environment variable the server reads, as `wsadmin-server --help` lists them. A test
 * (settings.test.ts) finds every variable the source reads and fails when one is missing here.
 */
export interface Setting {
  name: string;
  /** What applies when the variable is unset. */
  default: string;
  meaning: string;
}

export const SETTINGS: readonly Setting[] = [
  { name: 'HOST', default: '127.0.0.1', meaning: 'interface to listen on; 0.0.0.0 for every interface' },
  { name: 'PORT', default: '8787', meaning: 'TCP port; 0 takes a free one (the printed URL shows which)' },
  {
    name: 'DATABASE_URL',
    default: 'sqlite:./data/wsadmin.db',
    meaning: 'sqlite:<file> (directory created), sqlite::memory:, or postgres://user:password@host:5432/db',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    meaning: 'trace, debug, info (a line per request), warn, error, fatal or silent',
  },
  {
    name: 'LOG_FORMAT',
    default: 'json',
    meaning: 'json (a JSON object per line) or pretty (for a terminal)',
  },
  {
    name: 'WSADMIN_BOOTSTRAP_KEY',
    default: 'unset: an empty database gets a new key, shown once',
    meaning: 'a secret that every start makes sure exists as an unrestricted key',
  },
  {
    name: 'WSADMIN_WORKERS',
    default: '1',
    meaning: 'server processes sharing the port, or auto (one per CPU); not with sqlite::memory:',
  },
  {
    name: 'WSADMIN_CORS_ORIGINS',
    default: 'unset: no CORS headers',
    meaning: 'browser origins allowed: * or a comma list such as http://localhost:5173',
  },
  {
    name: 'WSADMIN_RATE_LIMIT',
    default: 'off (unlimited)',
    meaning: 'token buckets, e.g. key=100/s,address=200/s,strict=10/min',
  },
  {
    name: 'WSADMIN_TRUST_PROXY',
    default: 'unset',
    meaning: '1: the client address is the last X-Forwarded-For entry (behind one proxy)',
  },
  {
    name: 'WSADMIN_METRICS_KEY',
    default: 'unset: GET /metrics is open',
    meaning: 'GET /metrics then needs Authorization: Bearer <this>',
  },
  {
    name: 'WSADMIN_PASSWORD_CONCURRENCY',
    default: 'half of UV_THREADPOOL_SIZE, so 2',
    meaning: 'password hashes and checks at once (scrypt, 128 MiB each); the rest queue',
  },
  {
    name: 'UV_THREADPOOL_SIZE',
    default: '4',
    meaning: "Node's thread pool, which hashes passwords",
  },
  {
    name: 'WSADMIN_MAX_CONNECTIONS',
    default: 'the descriptor limit less 256, within 64-65,536',
    meaning: 'open connections per process (1024 off Linux); a new one past it is closed at once',
  },
  {
    name: 'NODE_ENV',
    default: 'unset',
    meaning: 'production: stop checking every answer against the contract',
  },
  {
    name: 'WSADMIN_TEST_CLOCK',
    default: 'unset',
    meaning: '1: serve POST /__test__/clock/ for tests; never on a server others can reach',
  },
  {
    name: 'WSADMIN_TEST_HOOKS',
    default: 'unset',
    meaning: "1: the tests' write-transaction pause hook; never in production",
  },
];
