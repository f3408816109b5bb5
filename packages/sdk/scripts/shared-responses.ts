/**
 * The OpenAPI document as the SDK's types are generated from it: every error response that two or
 * more operations declare identically (description, headers, example and body alike) moved once
 * into `components.responses` and referenced from each operation. The contract inlines each
 * operation's responses, so `openapi-typescript` would write the same 401, 429, 500 and 503 about a
 * hundred times: most of the SDK's declaration file, and most of its install size
 * (docs/decisions/0030-sdk-standalone.md). The types are the same after the move (a reference
 * resolves to the same shape) and every description and example is kept, once.
 *
 * Only errors (4xx, 5xx) move: a success response stays on its operation, where its JSDoc is read.
 */

/** The part of an OpenAPI 3.1 document this transform reads and writes. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: { responses?: Record<string, unknown> } & Record<string, unknown>;
  [key: string]: unknown;
}

/** The name of each error status in `components.responses` (the phrase of RFC 9110). */
const STATUS_NAMES: Readonly<Record<string, string>> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '405': 'MethodNotAllowed',
  '408': 'RequestTimeout',
  '409': 'Conflict',
  '410': 'Gone',
  '413': 'ContentTooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'UnprocessableContent',
  '429': 'TooManyRequests',
  '431': 'RequestHeaderFieldsTooLarge',
  '500': 'InternalServerError',
  '503': 'ServiceUnavailable',
};

const isErrorStatus = (status: string) => /^[45]\d\d$/.test(status);

interface Operation {
  operationId?: string;
  responses?: Record<string, unknown>;
}

/** Each operation of the document with its responses, in document order. */
function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item).filter(
      (value): value is Operation =>
        typeof value === 'object' && value !== null && 'responses' in value && 'operationId' in value,
    ),
  );
}

/**
 * A copy of the document with the shared error responses referenced from `components.responses`.
 * Per status, the variant most operations share is named by the status (`Unauthorized`); any other
 * shared variant by the status and the first operation that declares it
 * (`NotFound_getManagedTimeSeries`). A response only one operation declares stays inline.
 */
export function shareErrorResponses<T extends OpenApiDocument>(source: T): T {
  const document: OpenApiDocument = structuredClone(source);
  const operations = operationsOf(document);
  // status -> serialized response -> the operations that declare it, in document order.
  const variants = new Map<string, Map<string, string[]>>();
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!isErrorStatus(status) || (typeof response === 'object' && response !== null && '$ref' in response))
        continue;
      const byBody = variants.get(status) ?? new Map<string, string[]>();
      variants.set(status, byBody);
      const key = JSON.stringify(response);
      byBody.set(key, [...(byBody.get(key) ?? []), operation.operationId ?? '']);
    }
  }
  const existing = document.components?.responses ?? {};
  const hoisted: Record<string, unknown> = {};
  const nameOf = new Map<string, string>();
  for (const [status, byBody] of [...variants].sort(([a], [b]) => a.localeCompare(b))) {
    const shared = [...byBody].filter(([, users]) => users.length > 1);
    // Stable sort: among variants shared equally often, the one declared first wins the plain name.
    const ranked = [...shared].sort(([, a], [, b]) => b.length - a.length);
    for (const [index, [key, users]] of ranked.entries()) {
      const phrase = STATUS_NAMES[status] ?? `Status${status}`;
      const name = index === 0 ? phrase : `${phrase}_${users[0]}`;
      if (name in existing || name in hoisted) throw new Error(`shared response name ${name} is taken`);
      hoisted[name] = JSON.parse(key);
      nameOf.set(`${status} ${key}`, name);
    }
  }
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const name = nameOf.get(`${status} ${JSON.stringify(response)}`);
      if (name && operation.responses)
        operation.responses[status] = { $ref: `#/components/responses/${name}` };
    }
  }
  document.components = { ...document.components, responses: { ...existing, ...hoisted } };
  return document as T;
}
