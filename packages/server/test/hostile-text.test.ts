import { operationEntries } from '@wsadmin/contract';
import { documentProblemOf, nulTextsIn } from '@wsadmin/server-testing/document-answers';
import { seedFuzzTargets } from '@wsadmin/server-testing/fuzz-seed';
import { type HostileCase, hostileCases } from '@wsadmin/server-testing/hostile-cases';
import { type InProcessApp, openInProcessApp } from '@wsadmin/server-testing/in-process-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * No answer carries what its schema in the document forbids, whatever the request held: U+0000,
 * lone surrogates, C0 control characters and bytes that are not UTF-8, in bodies, keys, paths and
 * query values, sent to every operation of the contract. Each answer is checked against the
 * document's own schema for its status (patterns included), not the zod objects.
 */

const ORIGIN = 'http://hostile.test';
let inProcess: InProcessApp;

beforeAll(async () => {
  inProcess = await openInProcessApp({ keyName: 'hostile' });
});

afterAll(() => inProcess.close());

interface Answer {
  status: number;
  body: unknown;
}

async function send(hostile: Pick<HostileCase, 'method' | 'target' | 'headers' | 'body'>): Promise<Answer> {
  const response = await inProcess.app.fetch(
    new Request(`${ORIGIN}${hostile.target}`, {
      method: hostile.method,
      headers: hostile.headers,
      ...(hostile.body === undefined ? {} : { body: hostile.body }),
    }),
  );
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

function problemOf(operationId: string, answer: Answer): string | undefined {
  const nul = nulTextsIn(answer.body);
  if (nul.length > 0) return `U+0000 at ${nul.join(', ')}`;
  if (answer.status >= 500) return `HTTP ${answer.status}`;
  return documentProblemOf(operationId, answer.status, answer.body);
}

describe('hostile text in every part of every request', () => {
  it.each(operationEntries.map(([operationId, op]) => [operationId, op] as const))(
    '%s: every answer is one the document allows, with no U+0000',
    async (operationId, op) => {
      const { app, storage, key, clock } = inProcess;
      const targets = await seedFuzzTargets(app, storage.db, key, clock.now());
      const cases = hostileCases(op, targets);
      expect(cases.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const hostile of cases) {
        const answer = await send(hostile);
        const problem = problemOf(operationId, answer);
        if (problem)
          problems.push(
            `${hostile.method} ${hostile.target.slice(0, 100)} [${hostile.name}] ${problem}: ${JSON.stringify(answer.body).slice(0, 200)}`,
          );
      }
      expect(
        problems.slice(0, 8),
        `${problems.length} of ${cases.length} answers broke the document`,
      ).toEqual([]);
      expect(inProcess.internalErrors).toEqual([]);
    },
  );
});

describe('what the error texts show of hostile text', () => {
  const headers = () => ({ authorization: `Bearer ${inProcess.key}`, 'content-type': 'application/json' });

  it('a body of one NUL byte: malformed JSON, the NUL shown as the text \\u0000', async () => {
    const answer = await send({
      method: 'POST',
      target: '/openapi/v1/workspaces/',
      headers: headers(),
      body: Uint8Array.of(0),
    });
    expect(answer.status).toBe(400);
    const { errmsg } = answer.body as { errmsg: string };
    expect(errmsg).toMatch(/^malformed JSON body: /);
    expect(errmsg).toContain('\\u0000');
    expect(errmsg).not.toContain('\u0000');
    expect(documentProblemOf('createWorkspace', 400, answer.body)).toBeUndefined();
  });

  it('a baseField.choice key holding NUL and a lone surrogate: refused, the key shown escaped', async () => {
    const { workspaceId } = await seedFuzzTargets(
      inProcess.app,
      inProcess.storage.db,
      inProcess.key,
      inProcess.clock.now(),
    );
    const changes = {
      type: 'mapping',
      format: 'text',
      names: ['hostile-choice'],
      baseField: { choice: { 'a\u0000\ud800b': 'x' }, typeBeforeMap: 'string', typeAfterMap: 'string' },
    };
    const answer = await send({
      method: 'POST',
      target: `/openapi/v1/workspaces/${workspaceId}/management/dimensions/preview/`,
      headers: headers(),
      body: new TextEncoder().encode(JSON.stringify({ action: 'create', changes })),
    });
    expect(answer.status).toBe(400);
    const { errmsg, data } = answer.body as { errmsg: string; data: { issues: { path: string }[] } };
    expect(errmsg).toContain('choice.a\\u0000\ufffdb');
    expect(data.issues[0]?.path).toBe('body.changes.baseField.choice.a\\u0000\ufffdb');
    expect(nulTextsIn(answer.body)).toEqual([]);
  });

  it('a baseField.choice key of 300,000 characters with a label of 600,000: refused, the key cut short', async () => {
    const { workspaceId } = await seedFuzzTargets(
      inProcess.app,
      inProcess.storage.db,
      inProcess.key,
      inProcess.clock.now(),
    );
    const changes = {
      type: 'mapping',
      format: 'text',
      names: ['huge-choice'],
      baseField: {
        choice: { ['k'.repeat(300_000)]: 'l'.repeat(600_000) },
        typeBeforeMap: 'string',
        typeAfterMap: 'string',
      },
    };
    const answer = await send({
      method: 'POST',
      target: `/openapi/v1/workspaces/${workspaceId}/management/dimensions/preview/`,
      headers: headers(),
      body: new TextEncoder().encode(JSON.stringify({ action: 'create', changes })),
    });
    expect(answer.status).toBe(400);
    const { errmsg, data } = answer.body as {
      errmsg: string;
      data: { issues: { path: string; message: string }[] };
    };
    expect(errmsg).toMatch(/^body\.changes\.baseField\.choice\.k{64}…: invalid key: .*255/);
    expect(data.issues.map((issue) => issue.path)).toEqual([
      `body.changes.baseField.choice.${'k'.repeat(64)}…`,
    ]);
    expect(JSON.stringify(answer.body).length).toBeLessThan(2000);
    expect(documentProblemOf('previewDimensionChange', 400, answer.body)).toBeUndefined();
  });
});
