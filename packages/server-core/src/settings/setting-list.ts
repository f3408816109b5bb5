/**
 * Every environment variable the server reads, as `--help` lists them on every runtime. A test
 * (packages/server/src/settings.test.ts) finds every variable the sources read and fails when one
 * is missing here.
 */
export interface Setting {
  name: string;
  /** What applies when the variable is unset. */
  default: string;
  meaning: string;
  /** Only the Node server (`@wsadmin/server`) has it; the other runtimes refuse it at start. */
  nodeOnly?: true;
}

export const SETTINGS: readonly Setting[] = [
  { name: 'HOST', default: '127.0.0.1', meaning: 'interface to listen on; 0.0.0.0 for every interface' },
  { name: 'PORT', default: '8787', meaning: 'TCP port; 0 takes a free one (the printed URL shows which)' },
  {
    name: 'DATABASE_URL',
    default: 'sqlite:./data/wsadmin.db',
    meaning: 'sqlite:<file> (directory created), sqlite::memory: or, on Node, postgres://user:pw@host/db',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    meaning: 'trace, debug, info (a line per request), warn, error, fatal or silent',
  },
  {
    name: 'LOG_FORMAT',
    default: 'json',
    meaning: 'json (a JSON object per line) or, on Node, pretty (for a terminal)',
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
    nodeOnly: true,
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
    nodeOnly: true,
  },
  {
    name: 'WSADMIN_PASSWORD_CONCURRENCY',
    default: 'half of UV_THREADPOOL_SIZE, so 2',
    meaning: 'password hashes and checks at once (scrypt, 128 MiB each); the rest queue',
    nodeOnly: true,
  },
  {
    name: 'UV_THREADPOOL_SIZE',
    default: '4',
    meaning: 'the thread pool (libuv) that hashes passwords',
    nodeOnly: true,
  },
  {
    name: 'WSADMIN_MAX_CONNECTIONS',
    default: 'the descriptor limit less 256, within 64-65,536',
    meaning: 'open connections per process (1024 off Linux); one past it is closed at once',
    nodeOnly: true,
  },
  {
    name: 'WSADMIN_DRAIN_SECONDS',
    default: '10',
    meaning: 'after SIGTERM: how long requests in flight may take; then their connections close',
    nodeOnly: true,
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
    meaning: "1 turns on the tests' write-transaction pause hook; never in production",
    nodeOnly: true,
  },
  {
    name: 'OTEL_TRACES_EXPORTER',
    default: 'unset: none, or otlp when an OTLP endpoint is set',
    meaning: 'otlp (OTLP/HTTP JSON), console or none; needs the OpenTelemetry packages',
    nodeOnly: true,
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: 'unset (the exporter then uses http://localhost:4318)',
    meaning: 'the collector, e.g. http://collector:4318; setting it turns traces on',
    nodeOnly: true,
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    default: 'unset',
    meaning: 'the full traces URL (…/v1/traces), before the one above; turns traces on',
    nodeOnly: true,
  },
  {
    name: 'OTEL_EXPORTER_OTLP_PROTOCOL',
    default: 'http/json',
    meaning: 'only http/json is built in; any other value is refused',
    nodeOnly: true,
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
    default: 'http/json',
    meaning: 'as OTEL_EXPORTER_OTLP_PROTOCOL, for traces only',
    nodeOnly: true,
  },
  {
    name: 'OTEL_SERVICE_NAME',
    default: 'wsadmin-server',
    meaning: 'service.name of the spans',
    nodeOnly: true,
  },
  {
    name: 'OTEL_TRACES_SAMPLER',
    default: 'parentbased_always_on',
    meaning: 'always_on, always_off, traceidratio or their parentbased_ forms',
    nodeOnly: true,
  },
  {
    name: 'OTEL_TRACES_SAMPLER_ARG',
    default: '1',
    meaning: 'the ratio (0-1) of the traceidratio samplers, e.g. 0.1',
    nodeOnly: true,
  },
  {
    name: 'OTEL_PROPAGATORS',
    default: 'tracecontext,baggage',
    meaning: 'headers continued: tracecontext (traceparent, tracestate), baggage, none',
    nodeOnly: true,
  },
  {
    name: 'OTEL_SDK_DISABLED',
    default: 'unset',
    meaning: 'true: no traces, whatever the other OTEL_ variables say',
    nodeOnly: true,
  },
];
