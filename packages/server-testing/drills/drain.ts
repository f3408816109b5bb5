import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { randomSecret } from '@wsadmin/server-core';
import { collect, exitOf, logRecords, spawnTsx, startupRecord, stop, waitFor } from '../src/processes';
import { START_SCRIPT } from './server-process';

/**
 * SIGTERM under load (issue 43): `clients` keep-alive clients (one socket each, on loopback) send
 * one request after another (reads, `/readyz`, and creates whose bodies take 200 ms), while an
 * upload trickles its body over `uploadMs` on a connection of its own; SIGTERM arrives mid-upload.
 * Each request carries its own X-Request-Id, so the server's log (JSON lines) says which requests
 * it accepted. A request cut is one the server logged that its client did not receive whole, or an
 * answer whose body broke off. A request on a kept-alive socket that the server closed before
 * reading it got no byte of answer: the client sends it again on a new connection, which is
 * refused once the listener is closed; then that client stops.
 */
export interface DrainReport {
  drill: 'drain';
  workers: number;
  clients: number;
  drainSeconds: number;
  /** Whole answers before and after the signal was sent. */
  answeredBefore: number;
  answeredAfter: number;
  /** Answers after the signal that carried `Connection: close`. */
  closing: number;
  /** `/readyz` answers that carried `Connection: close` (the server draining), by status. */
  readyWhileDraining: Record<string, number>;
  /** Requests whose kept-alive socket closed before any answer: sent again on a new connection. */
  resent: number;
  /** New connections refused (the listener closed). */
  refused: number;
  /** Requests the server accepted that their client did not receive whole. */
  cut: number;
  /** The trickled upload: its status and whether it carried `Connection: close`. */
  upload: { status: number; connectionClose: boolean } | { error: string };
  exit: { code: number | null; signal: NodeJS.Signals | null };
  /** From the signal to the exit. */
  drainMs: number;
  /** The server's own record of its drain (`drained: …`), one per process that served. */
  drained: Array<{ msg: string; cut: unknown; durationMs: unknown }>;
  problems: string[];
}

const REQUEST_TIMEOUT_MS = 30_000;

interface Outcome {
  kind: 'answered' | 'broken' | 'unanswered' | 'refused' | 'timedOut';
  status?: number;
  headers?: IncomingHttpHeaders;
  code?: string | undefined;
}

/**
 * One request; resolves however it ends, never rejects. A `body` arrives in two parts `trickleMs`
 * apart, so that its socket is busy, not idle, for a while.
 */
function send(
  url: string,
  path: string,
  headers: Record<string, string>,
  agent: Agent,
  upload?: { body: string; trickleMs: number },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const method = upload ? 'POST' : 'GET';
    const sized = upload
      ? {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(upload.body)),
        }
      : headers;
    const outgoing = request(`${url}${path}`, { method, headers: sized, agent }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      incoming.on('error', () => resolve({ kind: 'broken' }));
      incoming.on('aborted', () => resolve({ kind: 'broken' }));
      incoming.on('end', () => {
        try {
          JSON.parse(text);
          resolve({ kind: 'answered', status: incoming.statusCode ?? 0, headers: incoming.headers });
        } catch {
          resolve({ kind: 'broken' });
        }
      });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: error.code === 'ECONNREFUSED' ? 'refused' : 'unanswered', code: error.code }),
    );
    // A server that neither answers nor closes would hang the drill: give up, and say so.
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => {
      resolve({ kind: 'timedOut' });
      outgoing.destroy();
    });
    if (!upload) outgoing.end();
    else {
      outgoing.write(upload.body.slice(0, 3));
      setTimeout(() => outgoing.end(upload.body.slice(3)), upload.trickleMs);
    }
  });
}

/** A POST whose body arrives over `ms`: a request in flight when the signal comes. */
function trickledUpload(url: string, key: string, ms: number): Promise<DrainReport['upload']> {
  const body = JSON.stringify({ name: `drained ${randomSecret(6)}` });
  return new Promise((resolve) => {
    const outgoing = request(
      `${url}/openapi/v1/workspaces/`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-request-id': 'drain-upload',
        },
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            connectionClose: incoming.headers.connection === 'close',
          }),
        );
        incoming.on('aborted', () => resolve({ error: 'answer broken off' }));
      },
    );
    outgoing.on('error', (error) => resolve({ error: error.message }));
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => {
      resolve({ error: 'no answer within 30 s' });
      outgoing.destroy();
    });
    outgoing.write(body.slice(0, 5));
    setTimeout(() => outgoing.end(body.slice(5)), ms);
  });
}

export async function runDrainDrill(options: {
  databaseUrl: string;
  workers: number;
  clients: number;
  drainSeconds: number;
  /** How long the upload's body takes; longer than the drain deadline, it is cut. */
  uploadMs: number;
  /** Load before the signal. */
  warmUpMs?: number;
}): Promise<DrainReport> {
  const key = `wsk_${randomSecret(24)}`;
  const child = spawnTsx(START_SCRIPT, [], {
    DATABASE_URL: options.databaseUrl,
    PORT: '0',
    WSADMIN_BOOTSTRAP_KEY: key,
    WSADMIN_WORKERS: String(options.workers),
    WSADMIN_DRAIN_SECONDS: String(options.drainSeconds),
    NODE_ENV: 'production',
  });
  const output = collect(child);
  const exited = exitOf(child);
  try {
    const { stdout } = await waitFor(
      output,
      (seen) => startupRecord(seen.stdout) !== undefined || child.exitCode !== null,
      90_000,
    );
    const url = startupRecord(stdout)?.url;
    if (!url) throw new Error(`the server did not start:\n${stdout}\n${output().stderr}`);

    let signalledAt = Number.POSITIVE_INFINITY;
    const sent = new Map<string, Outcome>();
    const tally = {
      answeredBefore: 0,
      answeredAfter: 0,
      closing: 0,
      resent: 0,
      refused: 0,
      broken: 0,
      timedOut: 0,
    };
    const readyWhileDraining: Record<string, number> = {};
    let stopped = false;
    const client = async (index: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      // Client 0 probes /readyz; the odd ones create workspaces, their bodies taking 200 ms (busy
      // sockets at the signal, answered with Connection: close); the rest read (idle sockets).
      const path =
        index === 0 ? '/readyz' : index % 2 === 1 ? '/openapi/v1/workspaces/' : '/openapi/v1/scopes/';
      const upload =
        index % 2 === 1 ? { body: `{"name":"drain client ${index}"}`, trickleMs: 200 } : undefined;
      try {
        for (let n = 0; !stopped; n++) {
          const requestId = `drain-${index}-${n}`;
          const headers = { authorization: `Bearer ${key}`, 'x-request-id': requestId };
          const outcome = await send(url, path, headers, agent, upload);
          sent.set(requestId, outcome);
          if (outcome.kind === 'refused') {
            tally.refused++;
            return;
          }
          if (outcome.kind === 'unanswered') tally.resent++;
          if (outcome.kind === 'broken') tally.broken++;
          if (outcome.kind === 'timedOut') tally.timedOut++;
          if (outcome.kind !== 'answered') continue;
          const after = Date.now() >= signalledAt;
          if (!after) tally.answeredBefore++;
          else tally.answeredAfter++;
          if (outcome.headers?.connection !== 'close') continue;
          tally.closing++;
          if (index === 0) {
            const status = String(outcome.status);
            readyWhileDraining[status] = (readyWhileDraining[status] ?? 0) + 1;
          }
        }
      } finally {
        agent.destroy();
      }
    };
    const clients = Array.from({ length: options.clients }, (_, index) => client(index));
    await new Promise((wake) => setTimeout(wake, options.warmUpMs ?? 1_000));
    const upload = trickledUpload(url, key, options.uploadMs);
    await new Promise((wake) => setTimeout(wake, Math.min(300, options.uploadMs / 3)));
    signalledAt = Date.now();
    process.kill(child.pid ?? 0, 'SIGTERM');
    const exit = await Promise.race([
      exited,
      new Promise<{ code: null; signal: null }>((wake) =>
        setTimeout(() => wake({ code: null, signal: null }), options.drainSeconds * 1000 + 20_000),
      ),
    ]);
    const drainMs = Date.now() - signalledAt;
    stopped = true;
    await Promise.all(clients);
    const uploaded = await upload;

    const records = logRecords(output().stdout);
    const accepted = records.filter(
      (record) => typeof record.requestId === 'string' && record.status !== undefined,
    );
    // The upload is cut on purpose when its body outlasts the deadline: counted apart.
    const cut = accepted.filter(
      (record) =>
        record.requestId !== 'drain-upload' && sent.get(String(record.requestId))?.kind !== 'answered',
    ).length;
    const deadlineCuts = options.uploadMs > options.drainSeconds * 1000;
    const drained = records
      .filter((record) => record.msg.startsWith('drained: '))
      .map((record) => ({ msg: record.msg, cut: record.cut, durationMs: record.durationMs }));
    const problems: string[] = [];
    if (cut > 0) problems.push(`${cut} accepted request(s) not answered whole`);
    if (tally.broken > 0) problems.push(`${tally.broken} answer(s) broke off`);
    if (tally.timedOut > 0) problems.push(`${tally.timedOut} request(s) got no answer and no close in 30 s`);
    // A drain that ends on its deadline having cut a request says so in its exit code.
    const wantCode = deadlineCuts ? 1 : 0;
    if (exit.code !== wantCode) problems.push(`exit ${JSON.stringify(exit)}, not code ${wantCode}`);
    if (drainMs > options.drainSeconds * 1000 + 5_000) problems.push(`took ${drainMs} ms to exit`);
    if (drained.length !== options.workers)
      problems.push(`${drained.length} drained record(s), not ${options.workers}`);
    if (tally.answeredBefore === 0) problems.push('no answer before the signal: the drill proved nothing');
    const uploadAnswered = 'status' in uploaded && uploaded.status === 200 && uploaded.connectionClose;
    if (!deadlineCuts && !uploadAnswered)
      problems.push(`the upload in flight got ${JSON.stringify(uploaded)}, not 200 with Connection: close`);
    if (deadlineCuts && 'status' in uploaded)
      problems.push(`the upload outlasting the deadline was answered ${uploaded.status}, not cut`);
    const cutByDeadline = drained.reduce((sum, record) => sum + Number(record.cut), 0);
    if (cutByDeadline !== (deadlineCuts ? 1 : 0))
      problems.push(`the server says its deadline cut ${cutByDeadline} request(s)`);
    if (Object.keys(readyWhileDraining).some((status) => status !== '503'))
      problems.push(`/readyz answered ${JSON.stringify(readyWhileDraining)} while draining, not 503 only`);
    return {
      drill: 'drain',
      workers: options.workers,
      clients: options.clients,
      drainSeconds: options.drainSeconds,
      answeredBefore: tally.answeredBefore,
      answeredAfter: tally.answeredAfter,
      closing: tally.closing,
      readyWhileDraining,
      resent: tally.resent,
      refused: tally.refused,
      cut,
      upload: uploaded,
      exit,
      drainMs,
      drained,
      problems,
    };
  } finally {
    await stop(child);
  }
}
