/**
 * Incoming `X-Request-Id` values are honoured when they look like an id (a load balancer's or a
 * client's), so one id follows a request across hops; anything else (too long, spaces, control
 * characters that could forge log lines) is replaced by a fresh UUID.
 */
const WELL_FORMED = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * What `jsonAnswer` knows of its answer, as properties of the answer itself: a WeakSet and a WeakMap
 * entry per answer took 2 % of a CPU profile of the uncached detail read, the properties 0.2 %.
 */
const TEXT = Symbol('jsonAnswer text');
const CARRIES_ID = Symbol('jsonAnswer carries its request id');
type JsonAnswer = Response & { [TEXT]?: string; [CARRIES_ID]?: boolean };

/**
 * A 200 JSON answer that carries its request id already. Its headers stay a plain object, which
 * @hono/node-server writes as it is; setting the id afterwards made a Fetch Headers object of them
 * (npm run bench). Hono still merges headers set earlier (CORS) into it.
 */
export function jsonAnswer(text: string, requestId: string | undefined): Response {
  const answer: JsonAnswer =
    requestId === undefined
      ? new Response(text, { status: 200, headers: JSON_ONLY })
      : new Response(text, {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-request-id': requestId },
        });
  answer[CARRIES_ID] = requestId !== undefined;
  answer[TEXT] = text;
  return answer;
}

const JSON_ONLY = { 'content-type': 'application/json' } as const;

/** Whether `response` is a `jsonAnswer` with its request id (and so needs no header set). */
export const carriesRequestId = (response: Response): boolean =>
  (response as JsonAnswer)[CARRIES_ID] === true;

/**
 * The body text of a `jsonAnswer`, without reading its stream (the mock's journal keeps it: reading
 * and rebuilding every answer cost a list call a quarter of its time). Undefined for other answers.
 */
export const jsonAnswerText = (response: Response): string | undefined => (response as JsonAnswer)[TEXT];

export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && WELL_FORMED.test(incoming) ? incoming : crypto.randomUUID();
}
