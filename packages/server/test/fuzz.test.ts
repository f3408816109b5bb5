import { appendFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { ErrorEnvelope, errorCodesOf, type OperationSpec, operationEntries } from '@wsadmin/contract';
import { logRequest } from '@wsadmin/server-core/server-kit';
import { type FuzzCase, fuzzCases } from '@wsadmin/server-testing/fuzz-cases';
import { type RawAnswer, sendFuzzCase } from '@wsadmin/server-testing/fuzz-http';
import { seedFuzzTargets } from '@wsadmin/server-testing/fuzz-seed';
import { type InProcessApp, openInProcessApp } from '@wsadmin/server-testing/in-process-app';
import { type LoopbackServer, serveOnLoopback } from '@wsadmin/server-testing/loopback-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/operations/logger';

/**
 * Every operation of the contract gets contract-derived requests, systematically broken ones
 * (types, missing and unknown fields, null, 1 MB strings, deep nesting, odd path ids, malformed
 * JSON, bodies on GETs, no trailing slash, bad keys) and seeded random mutants. Whatever arrives,
 * the answer is never a 500 and always the envelope, with `errcode` equal to the HTTP status.
 */

const ORIGIN = 'http://fuzz.test';
let inProcess: InProcessApp;
let socket: LoopbackServer;
// The server's request log, as `npm start` writes it, and every secret the run sent or was sent.
const logLines: string[] = [];
const secrets = new Set<string>();
const logger = createLogger(
  { level: 'trace', format: 'json' },
  { write: (line: string) => void logLines.push(line) },
);

beforeAll(async () => {
  inProcess = await openInProcessApp({
    keyName: 'fuzz',
    onRequestDone: (report) => logRequest(logger, report),
  });
  // GET bodies need a socket: fetch's Request refuses them.
  socket = await serveOnLoopback(inProcess.app.fetch);
  secrets.add(inProcess.key);
});

afterAll(async () => {
  await socket.close();
  await inProcess.close();
});

type Answer = RawAnswer;

/** Every value of a field named like a secret, anywhere in a JSON text. */
function secretFields(text: string | undefined): string[] {
  if (!text) return [];
  const found: string[] = [];
  try {
    JSON.parse(text, (name, value) => {
      if (/^(password|planToken|secret)$/i.test(name) && typeof value === 'string') found.push(value);
      return value;
    });
  } catch {}
  return found;
}

async function send(fuzz: FuzzCase): Promise<Answer> {
  const answer = await sendOnce(fuzz);
  const sent = [fuzz.headers.authorization ?? '', ...secretFields(fuzz.body), ...secretFields(answer.text)];
  // Short values ("a", "null") would match log text by chance; every real secret is longer.
  for (const value of sent) if (value.length >= 8) secrets.add(value.replace(/^Bearer\s+/i, ''));
  return answer;
}

async function sendOnce(fuzz: FuzzCase): Promise<Answer> {
  if (fuzz.body !== undefined && (fuzz.method === 'GET' || fuzz.method === 'HEAD'))
    return sendOverSocket(fuzz);
  const response = await inProcess.app.fetch(
    new Request(`${ORIGIN}${fuzz.target}`, {
      method: fuzz.method,
      headers: fuzz.headers,
      ...(fuzz.body === undefined ? {} : { body: fuzz.body }),
    }),
  );
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

// A connection per request: with Node's keep-alive agent, a socket reused just as the server's
// 5 s keep-alive timeout closed it answered ECONNRESET on a loaded machine.
const noKeepAlive = new Agent({ keepAlive: false });
const sendOverSocket = (fuzz: FuzzCase) =>
  sendFuzzCase({ host: '127.0.0.1', port: socket.port, agent: noKeepAlive }, fuzz);

/** What is wrong with an answer, or undefined when it follows every rule. */
function problemOf(op: OperationSpec, fuzz: FuzzCase, answer: Answer): string | undefined {
  const excerpt = answer.text.slice(0, 240);
  if (answer.status >= 500) return `HTTP ${answer.status}: ${excerpt}`;
  if (!answer.contentType.startsWith('application/json'))
    return `content-type "${answer.contentType}": ${excerpt}`;
  let body: { errcode?: unknown; errmsg?: unknown };
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    return `body is not JSON: ${excerpt}`;
  }
  if (body.errcode !== answer.status) return `errcode ${String(body.errcode)} but HTTP ${answer.status}`;
  if (answer.status === 200) {
    if (body.errmsg !== 'success') return `success with errmsg ${JSON.stringify(body.errmsg)}`;
  } else {
    const envelope = ErrorEnvelope.safeParse(body);
    if (!envelope.success) return `not the error envelope: ${excerpt}`;
    if (!envelope.data.errmsg.trim()) return `HTTP ${answer.status} with an empty errmsg`;
    if (fuzz.routed && !errorCodesOf(op).includes(answer.status as never)) {
      return `HTTP ${answer.status} is not among the codes the document declares (${errorCodesOf(op).join(', ')}): ${excerpt}`;
    }
  }
  if (fuzz.expect !== undefined && answer.status !== fuzz.expect) {
    return `expected HTTP ${fuzz.expect}, got ${answer.status}: ${excerpt}`;
  }
  if (fuzz.refused && answer.status === 200) return `accepted (200) what must be refused: ${excerpt}`;
  if (fuzz.mention !== undefined && !explanationOf(body).includes(fuzz.mention)) {
    return `the error does not mention ${JSON.stringify(fuzz.mention)}: ${excerpt}`;
  }
  return undefined;
}

/** The errmsg and every issue of an error, where a caller looks for what was wrong. */
function explanationOf(body: unknown): string {
  const parsed = ErrorEnvelope.safeParse(body);
  if (!parsed.success) return '';
  const issues = parsed.data.data?.issues ?? [];
  return [parsed.data.errmsg, ...issues.map((issue) => `${issue.path} ${issue.message}`)].join('\n');
}

async function newWorkspace(): Promise<number> {
  const { app, key } = inProcess;
  const response = await app.request(`${ORIGIN}/openapi/v1/workspaces/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{"name":"fuzz"}',
  });
  const answer = (await response.json()) as { data: { id: number } };
  return answer.data.id;
}

describe('fuzzing every operation of the contract', () => {
  it('covers every operation', () => {
    expect(operationEntries.length).toBeGreaterThan(100);
  });

  it.each(operationEntries.map(([operationId, op]) => [operationId, op] as const))(
    '%s: never 500, always the envelope',
    async (operationId, op) => {
      const { app, storage, key, clock } = inProcess;
      const targets = await seedFuzzTargets(app, storage.db, key, clock.now());
      const cases = fuzzCases(operationId, op, targets);
      expect(cases.length).toBeGreaterThan(30);
      const problems: string[] = [];
      for (const fuzz of cases) {
        const problem = problemOf(op, fuzz, await send(fuzz));
        if (problem) problems.push(`${fuzz.method} ${fuzz.target.slice(0, 120)} [${fuzz.name}] ${problem}`);
      }
      // The assertion shows 12; FUZZ_REPORT=<file> collects every problem of every operation.
      if (process.env.FUZZ_REPORT && problems.length > 0) {
        appendFileSync(process.env.FUZZ_REPORT, `${problems.join('\n')}\n`);
      }
      expect(problems.slice(0, 12), `${problems.length} of ${cases.length} requests broke a rule`).toEqual(
        [],
      );
    },
  );

  it('left the process working: valid requests still succeed, nothing was polluted', async () => {
    const { app, key, internalErrors } = inProcess;
    const id = await newWorkspace();
    const read = await app.request(`${ORIGIN}/openapi/v1/workspaces/${id}/`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ errcode: 200, data: { id, name: 'fuzz' } });
    const scope = await fetch(`http://127.0.0.1:${socket.port}/openapi/v1/scopes/`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await scope.json()).toMatchObject({ errcode: 200, data: { name: 'fuzz' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(internalErrors).toEqual([]);
  });

  it('logged every request, and no key, password, plan token or Authorization header', () => {
    expect(logLines.length).toBeGreaterThan(5_000);
    // Real plan tokens were issued (previews succeeded) and passwords were sent: the check has teeth.
    expect(secrets.size).toBeGreaterThan(50);
    expect([...secrets].filter((secret) => secret.startsWith('pt_')).length).toBeGreaterThan(20);
    const log = logLines.join('');
    const leaked = [...secrets].filter((secret) => log.includes(secret));
    expect(leaked.map((secret) => `${secret.slice(0, 6)}… (${secret.length} chars)`)).toEqual([]);
    expect(log).not.toMatch(/authorization|bearer /i);
  });
});
