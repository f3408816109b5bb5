import { type Agent, request as httpRequest } from 'node:http';
import type { FuzzCase } from './fuzz-cases';

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Sends a fuzz case over a socket, not fetch: fuzz cases include GET requests with a body, which fetch
 * refuses. A keep-alive socket the server closed as idle just as it was reused is retried once on a
 * new one (Node's `reusedSocket` race); a reset of a new socket is an answer missing, and fails.
 */
export async function sendFuzzCase(
  to: { host: string; port: number; agent?: Agent },
  fuzz: FuzzCase,
): Promise<RawAnswer> {
  try {
    return await sendOnce(to, fuzz);
  } catch (error) {
    if (!(error instanceof ReusedSocketReset)) throw error;
    return sendOnce(to, fuzz);
  }
}

class ReusedSocketReset extends Error {}

function sendOnce(to: { host: string; port: number; agent?: Agent }, fuzz: FuzzCase): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const body = Buffer.from(fuzz.body ?? '');
    const outgoing = httpRequest(
      {
        ...(to.agent ? { agent: to.agent } : {}),
        host: to.host,
        port: to.port,
        method: fuzz.method,
        path: fuzz.target,
        headers: { ...fuzz.headers, 'content-length': body.byteLength },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          done({
            status: incoming.statusCode ?? 0,
            contentType: String(incoming.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        outgoing.reusedSocket && error.code === 'ECONNRESET'
          ? new ReusedSocketReset(error.message, { cause: error })
          : error,
      ),
    );
    outgoing.end(body);
  });
}
