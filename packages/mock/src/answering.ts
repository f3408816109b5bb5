import { errorEnvelope, type OperationId } from '@wsadmin/contract';
// The server's own matcher: the mock finds the operation of a request exactly as the router does.
import { type MatchedOperation, matchOperation } from '@wsadmin/server-core';
import type { BaseScope } from './base-scope';
import { dataOf, MockRequestError } from './client';
import type { Journal, JournalTrace } from './journal/recorder';
import type { MswHttp } from './msw-peer';
import {
  type ActiveOverride,
  checkOverride,
  describeOverride,
  errorResponse,
  isEnvelope,
  type MockActiveOverride,
  MockContractError,
  type Override,
  type OverrideContext,
  type OverrideOptions,
  successResponse,
} from './overrides';
import { rejectionOf } from './strict/rejection';
import type { RejectionLog } from './strict/rejection-log';

interface AnsweringOptions {
  scope: BaseScope;
  /** MSW's `http` of the msw the project installed (each entry finds it: `msw-http.ts`, `msw`). */
  http: MswHttp;
  /** The app's own answer (the mock state). */
  appFetch(request: Request): Promise<Response>;
  onViolation(error: MockContractError): void;
  /** Records every request answered; none when the journal is off. */
  journal: Journal | undefined;
  /** Where the app's answers that are rejections go (strict mode). */
  rejections: RejectionLog;
}

/**
 * How the mock answers a request under its base URL: through an override where one is active for
 * the operation, else by the app. Holds the overrides and the contract violations they caused.
 */
export function createAnswering({
  scope,
  http,
  appFetch,
  onViolation,
  journal,
  rejections,
}: AnsweringOptions) {
  const overrides = new Map<OperationId, ActiveOverride>();
  const violations: MockContractError[] = [];

  /** The answer to a request under the base URL; a network error is a `Response.error()`, as MSW wants it. */
  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = scope.pathOf(url);
    if (path === undefined)
      throw new TypeError(`${request.url} is not under the mock's base URL ${scope.href}`);
    if (!journal) return answerAt(request, url, path, undefined);
    const begun = journal.begin(request, path);
    // Not `instanceof Promise`: under Jest the body's promise comes from another realm.
    const started = 'trace' in begun ? begun : await begun;
    return journal.end(started, await answerAt(started.request, url, path, started.trace));
  }

  async function answerAt(
    request: Request,
    url: URL,
    path: string,
    trace: JournalTrace | undefined,
  ): Promise<Response> {
    const app = (forwarded: Request) =>
      journal && trace ? journal.appCall(trace, () => appFetch(forwarded)) : appFetch(forwarded);
    // Matched only while an override is in force: otherwise the app alone answers, and matches.
    const matched = overrides.size > 0 ? matchOperation(request.method, path) : undefined;
    const active = matched ? overrides.get(matched.operationId) : undefined;
    if (!matched || !active) return appAnswer(matched, request, url, path, app);
    active.remaining -= 1;
    if (active.remaining <= 0) overrides.delete(matched.operationId);
    if (trace) trace.overridden = true;
    const override = active.override;
    if (isDelay(override)) {
      await new Promise((resolve) => setTimeout(resolve, override.delayMs));
      return appAnswer(matched, request, url, path, app);
    }
    const copy = request.clone();
    const answered = await answerOverride(
      matched,
      override,
      copy,
      await scope.forward(request, url, path),
      app,
    );
    // As the document declares and the app does: every answer carries an id (a network error is none).
    if (answered.type !== 'error' && !answered.headers.has('x-request-id'))
      answered.headers.set('X-Request-Id', crypto.randomUUID());
    return answered;
  }

  /** The app's own answer; one the contract refuses (strict mode) is recorded as a rejection. */
  async function appAnswer(
    matched: MatchedOperation | undefined,
    request: Request,
    url: URL,
    path: string,
    app: (request: Request) => Promise<Response>,
  ): Promise<Response> {
    // A copy of the body, read only when the answer is a rejection (its message shows it).
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.clone();
    const response = await app(await scope.forward(request, url, path));
    const rejection = await rejectionOf(
      () => (matched ?? matchOperation(request.method, path))?.operationId,
      request.method,
      `${path}${url.search}`,
      body,
      response,
    );
    if (rejection) rejections.record(rejection);
    return response;
  }

  async function answerOverride(
    { operationId, params }: MatchedOperation,
    override: Exclude<Override<OperationId>, { delayMs: number }>,
    request: Request,
    forwarded: Request,
    appFetch: (request: Request) => Promise<Response>,
  ): Promise<Response> {
    if (override === 'network-error') return Response.error();
    if (typeof override !== 'function') return errorResponse(operationId, override);
    const context: OverrideContext<OperationId> = {
      operationId,
      request,
      params,
      real: async () => dataOf(operationId, await appFetch(forwarded.clone())),
    };
    try {
      const result = await override(context);
      return isEnvelope(result) ? errorResponse(operationId, result) : successResponse(operationId, result);
    } catch (error) {
      if (error instanceof MockRequestError) return Response.json(error.answer, { status: error.status });
      if (!(error instanceof MockContractError)) throw error;
      violations.push(error);
      onViolation(error);
      return Response.json(errorEnvelope(500, error.message, 'internal'), { status: 500 });
    }
  }

  return {
    answer,
    /** One MSW handler: every request under the base URL, whatever the method. */
    handlers: [
      http.all(
        ({ request }) => scope.pathOf(new URL(request.url)) !== undefined,
        ({ request }) => answer(request),
      ),
    ],
    violations: violations as readonly MockContractError[],
    override<K extends OperationId>(
      operationId: K,
      override: Override<K>,
      options: OverrideOptions = {},
    ): () => void {
      checkOverride(operationId, override, options);
      const active: ActiveOverride = {
        override: override as Override<OperationId>,
        remaining: options.times ?? Number.POSITIVE_INFINITY,
      };
      overrides.set(operationId, active);
      return () => {
        if (overrides.get(operationId) === active) overrides.delete(operationId);
      };
    },
    clearOverrides(): void {
      overrides.clear();
    },
    /** The overrides in force, in the order they were set. */
    active(): MockActiveOverride[] {
      return [...overrides].map(([operationId, active]) => describeOverride(operationId, active));
    },
    /** Overrides and violations cleared (on `reset()`). */
    clear(): void {
      overrides.clear();
      violations.length = 0;
    },
  };
}

function isDelay(override: Override<OperationId>): override is { delayMs: number } {
  return typeof override === 'object' && 'delayMs' in override;
}
