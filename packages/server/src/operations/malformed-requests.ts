import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorEnvelope } from '@wsadmin/contract';

/**
 * What Node answers itself, before the app sees a request (its parser refused the bytes, or the
 * request timed out), answered with the envelope like everything else: Node's own answer is a bare
 * `HTTP/1.1 400 Bad Request` with no body. The statuses are Node's (`_http_server.js`).
 */
const NODE_STATUSES: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

const MESSAGES: Record<number, string> = {
  400: 'malformed HTTP request: the server could not parse it',
  408: 'request timeout: the request did not arrive in time',
  413: 'request chunk extensions are too large',
  431: 'request header fields are too large',
};

/**
 * The raw HTTP answer to a request Node refused, with the error envelope as its body and an
 * `X-Request-Id` as every answer has (the document requires it): a fresh one, since the request's
 * own header could not be read.
 */
export function malformedRequestAnswer(code: string | undefined, requestId: string = randomUUID()): string {
  const status = NODE_STATUSES[code ?? ''] ?? 400;
  const reason = status === 413 ? 'payload_too_large' : 'invalid_request';
  const body = JSON.stringify(errorEnvelope(status, MESSAGES[status] ?? MESSAGES[400] ?? '', reason));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Node's `clientError` default, with the envelope: an answer only where the socket is writable and
 * no answer has started on it (an in-flight response whose header went out cannot get another);
 * the connection is closed either way. A reset connection gets nothing (docs/spec-gaps.md).
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(malformedRequestAnswer(error.code));
  });
}
