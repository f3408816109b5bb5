// The inspector page and its JSON API, as a fetch handler: neutral code (no DOM, no Node), so any
// host can serve it (the `wsadmin-mock` command over node:http).
import { errorEnvelope } from '@wsadmin/contract';
import type { WsadminMock } from '../create-mock';
import { INSPECTOR_CSS, inspectorHtml } from './inspector-page';
import { inspectorScriptSource } from './inspector-script';
import { readTables } from './tables';

/** Where a host serves the inspector (a path no operation of the contract has). */
export const INSPECTOR_PATH = '/__inspector__/';

/** What the page states about the mock besides its journal and tables. */
export interface InspectorState {
  readonly baseUrl: string;
  readonly key: string;
  /** The scenario's name (the command's file), when it has one. */
  readonly scenario: string | undefined;
  /** The mock's clock. */
  readonly now: string;
  readonly overrides: WsadminMock['overrides'];
  /** Moves on every reset and restore made here: the page then reads the journal from its start. */
  readonly generation: number;
}

/**
 * No script but the page's own, no request to another host, no framing: the page shows request
 * bodies a client sent, which must never run as code.
 */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Answers `request` when its path is under `INSPECTOR_PATH` (the path relative to the host's root):
 * the page (`./`), its script and style, and `api/state`, `api/journal?after=<seq>&generation=<n>`,
 * `api/tables`, `api/har`, `api/snapshot`; `POST api/reset`, `api/restore` (a snapshot as JSON),
 * `api/clock` (`{"advanceSeconds": n}`). Secrets never appear: the journal is redacted, the tables
 * leave out key and password hashes.
 */
export function inspectorHandler(mock: WsadminMock, details: { scenario?: string } = {}) {
  let generation = 0;
  const state = (): InspectorState => ({
    baseUrl: mock.baseUrl,
    key: mock.key,
    scenario: details.scenario,
    now: mock.clock.now().toISOString(),
    overrides: mock.overrides,
    generation,
  });

  const routes: Record<string, (request: Request, url: URL) => Promise<Response> | Response> = {
    'GET ': () => asset(inspectorHtml(), 'text/html; charset=utf-8'),
    'GET inspector.js': () => asset(inspectorScriptSource(), 'text/javascript; charset=utf-8'),
    'GET inspector.css': () => asset(INSPECTOR_CSS, 'text/css; charset=utf-8'),
    'GET api/state': () => json(state()),
    'GET api/journal': (_request, url) => {
      const after = Number(url.searchParams.get('after') ?? 0);
      const known = Number(url.searchParams.get('generation') ?? -1);
      const requests = mock.requests;
      const last = requests.at(-1)?.seq ?? 0;
      // After a reset the sequence starts again at 1: the page then takes the journal from its start.
      const fromStart = known !== generation || last < after;
      const entries = fromStart ? requests : requests.filter((entry) => entry.seq > after);
      return json({ generation, fromStart, entries });
    },
    'GET api/tables': async () => json(await readTables(mock)),
    'GET api/har': () => download(JSON.stringify(mock.har(), null, 2), 'wsadmin-mock.har'),
    'GET api/snapshot': async () =>
      download(JSON.stringify(await mock.snapshot()), `wsadmin-mock-snapshot-${stamp(mock)}.json`),
    'POST api/reset': async () => {
      await mock.reset();
      generation += 1;
      return json(state());
    },
    'POST api/restore': async (request) => {
      const snapshot = await jsonBody(request);
      if (snapshot instanceof Response) return snapshot;
      try {
        await mock.restore(snapshot as Parameters<WsadminMock['restore']>[0]);
      } catch (error) {
        return refuse(`not restored: ${(error as Error).message}`);
      }
      generation += 1;
      return json(state());
    },
    'POST api/clock': async (request) => {
      const body = await jsonBody(request);
      if (body instanceof Response) return body;
      const seconds = (body as { advanceSeconds?: unknown } | null)?.advanceSeconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
        return refuse(
          'body: advanceSeconds must be a number of seconds above 0, e.g. {"advanceSeconds": 3600}',
        );
      }
      mock.clock.advance(seconds);
      return json(state());
    },
  };

  /** The answer to a request whose path (from the host's root) starts with `INSPECTOR_PATH`. */
  return async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const below = url.pathname.slice(INSPECTOR_PATH.length);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = routes[`${method} ${below}`];
    // Every button posts JSON: a page of another site cannot send that type without a preflight,
    // which the inspector never grants (a form or a plain fetch gets no further than here).
    if (route && method === 'POST' && !isJson(request)) {
      return json(errorEnvelope(415, 'Content-Type must be application/json', 'unsupported_media_type'), 415);
    }
    if (route) return route(request, url);
    const allowed = Object.keys(routes)
      .filter((key) => key.endsWith(` ${below}`))
      .map((key) => key.split(' ')[0] ?? '');
    if (allowed.length > 0) {
      return json(
        errorEnvelope(
          405,
          `${request.method} is not allowed here: ${allowed.join(', ')}`,
          'method_not_allowed',
        ),
        405,
        {
          Allow: allowed.join(', '),
        },
      );
    }
    return json(errorEnvelope(404, `no inspector page or API at ${url.pathname}`, 'not_found'), 404);
  };
}

function asset(body: string, type: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Security-Policy': PAGE_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

function download(body: string, name: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });
}

function refuse(message: string): Response {
  return json(errorEnvelope(400, message, 'invalid_request'), 400);
}

const isJson = (request: Request) => /^application\/json\b/i.test(request.headers.get('content-type') ?? '');

/** A JSON body (its type checked before), or the refusal to answer. */
async function jsonBody(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text()) as unknown;
  } catch (error) {
    return refuse(`body is not JSON: ${(error as Error).message}`);
  }
}

/** The mock's time in a file name: 2030-01-01T00-00-00Z. */
function stamp(mock: WsadminMock): string {
  return mock.clock
    .now()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}
