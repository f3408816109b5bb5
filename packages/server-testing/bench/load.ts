import autocannon, { type RequestSpec } from 'autocannon';

/**
 * The load generator, run in its own process (see load-client.ts) so that autocannon and the
 * server under test do not share one event loop: on a 2-core machine each gets a core.
 */

export type Workload =
  | { kind: 'get'; path: string }
  /** GET of each path in turn, each request with a query string of its own (no cached answer serves it). */
  | { kind: 'rotating'; paths: string[] }
  /** Each iteration previews a new dimension and commits it with a new Idempotency-Key. */
  | { kind: 'preview-commit'; workspaceId: number; prefix: string }
  /** The same commit with the same Idempotency-Key, answered from the stored result. */
  | { kind: 'replay'; path: string; body: string; idempotencyKey: string };

export interface LoadRequest {
  url: string;
  key: string;
  workload: Workload;
  connections: number;
  durationSeconds: number;
  /** Requests per second over all connections; absent = as fast as the server answers. */
  overallRate?: number;
  /** Meanwhile, another client renames the workspace at `path` (PUT) this many times a second. */
  writer?: { path: string; perSecond: number };
}

export interface LoadSummary {
  /** Successful (2xx) answers per second. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Completed preview+commit cycles per second (preview-commit only). */
  cyclesPerSecond?: number;
  /** Successful writes of the `writer` per second. */
  writesPerSecond?: number;
  statusCodes: Record<string, number>;
}

export async function runLoad(request: LoadRequest): Promise<LoadSummary> {
  let committed = 0;
  const headers = { authorization: `Bearer ${request.key}`, 'content-type': 'application/json' };
  const writer = request.writer ? startWriter(request.url, headers, request.writer) : undefined;
  const result = await autocannon({
    url: request.url,
    connections: request.connections,
    duration: request.durationSeconds,
    timeout: 30,
    headers,
    ...(request.overallRate ? { overallRate: request.overallRate } : {}),
    requests: requestsOf(request.workload, headers, () => {
      committed++;
    }),
  });
  const seconds = result.duration;
  const writes = await writer?.stop();
  return {
    rps: result['2xx'] / seconds,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    ...(request.workload.kind === 'preview-commit' ? { cyclesPerSecond: committed / seconds } : {}),
    ...(writes === undefined ? {} : { writesPerSecond: writes / seconds }),
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
  };
}

/** Renames at a fixed rate (a new name each time) until stopped; counts the successful ones. */
function startWriter(
  url: string,
  headers: Record<string, string>,
  writer: { path: string; perSecond: number },
) {
  let ok = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    sent++;
    const write = fetch(`${url}${writer.path}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ name: `renamed ${sent}` }),
    }).then(
      async (answer) => {
        await answer.arrayBuffer();
        if (answer.ok) ok++;
      },
      () => {},
    );
    inFlight.add(write);
    void write.finally(() => inFlight.delete(write));
  }, 1000 / writer.perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return ok;
    },
  };
}

function requestsOf(
  workload: Workload,
  headers: Record<string, string>,
  onCommitted: () => void,
): RequestSpec[] {
  switch (workload.kind) {
    case 'get':
      return [{ method: 'GET', path: workload.path }];
    case 'rotating': {
      // Unique across runs too, so no answer kept by an earlier run serves one.
      const run = Date.now().toString(36);
      let counter = 0;
      return [
        {
          method: 'GET',
          setupRequest(spec) {
            counter++;
            return {
              ...spec,
              path: `${workload.paths[counter % workload.paths.length]}?n=${run}-${counter}`,
            };
          },
        },
      ];
    }
    case 'replay':
      return [
        {
          method: 'POST',
          path: workload.path,
          headers: { ...headers, 'idempotency-key': workload.idempotencyKey },
          body: workload.body,
        },
      ];
    case 'preview-commit': {
      const base = `/openapi/v1/workspaces/${workload.workspaceId}/management/dimensions/`;
      // Unique across runs too: a keyword or key used by an earlier run would be refused (409, 422).
      const run = `${workload.prefix}-${Date.now().toString(36)}`;
      let counter = 0;
      return [
        {
          method: 'POST',
          path: `${base}preview/`,
          setupRequest(spec, context) {
            counter++;
            const changes = { type: 'string', format: '', names: [`${run}-${counter}`] };
            context.changes = changes;
            context.idempotencyKey = `${run}-${counter}`;
            return { ...spec, body: JSON.stringify({ action: 'create', changes }) };
          },
          onResponse(status, body, context) {
            context.planToken =
              status === 200 ? (JSON.parse(body) as { data: { planToken: string } }).data.planToken : '';
          },
        },
        {
          method: 'POST',
          path: base,
          setupRequest(spec, context) {
            return {
              ...spec,
              headers: { ...headers, 'idempotency-key': String(context.idempotencyKey) },
              body: JSON.stringify({ changes: context.changes, planToken: context.planToken }),
            };
          },
          onResponse(status) {
            if (status === 200) onCommitted();
          },
        },
      ];
    }
  }
}

// As a child process: answer each LoadRequest message with its LoadSummary.
if (process.send) {
  process.on('message', (message: LoadRequest) => {
    runLoad(message).then(
      (summary) => process.send?.({ summary }),
      (error: unknown) => process.send?.({ error: String(error) }),
    );
  });
}
