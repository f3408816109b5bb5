import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createKey } from '../auth/keys';
import { pbkdf2Passwords } from '../auth/pbkdf2-passwords';
import { AdjustableClock } from '../clock';
import { openMemoryStorage } from '../storage/memory';
import type { Storage } from '../storage/storage';

// Strict HTTP on the app itself: 405 with Allow, 415 for bodies that are not JSON, 400 for text
// that is not UTF-8 (or not Unicode), and nothing stored in any of these cases.
const BASE = 'http://wsadmin.test';
const WORKSPACES = `${BASE}/openapi/v1/workspaces/`;
const JSON_TYPE = { 'content-type': 'application/json' };
const clock = new AdjustableClock();
let storage: Storage;
let secret: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  storage = await openMemoryStorage({ now: () => clock.now() });
  app = createApp({ storage, clock, passwords: pbkdf2Passwords(1000) });
  secret = (await createKey(storage.db, clock.now(), { name: 'strict' })).secret;
});
afterAll(() => storage.close());

const auth = () => ({ authorization: `Bearer ${secret}` });

async function send(url: string, init: RequestInit = {}) {
  const response = await app.request(url, { ...init, headers: { ...auth(), ...init.headers } });
  const body = (await response.json()) as { errcode: number; errmsg: string; data?: unknown };
  return { status: response.status, headers: response.headers, ...body };
}

const workspaceNames = async () => {
  const answer = await send(WORKSPACES);
  return (answer.data as { name: string }[]).map((workspace) => workspace.name);
};

describe('405', () => {
  it('carries Allow with the methods of the path, HEAD included, and HEAD does answer', async () => {
    const answer = await send(WORKSPACES, { method: 'PATCH' });
    expect(answer).toMatchObject({ status: 405, errcode: 405, data: { reason: 'method_not_allowed' } });
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
    const head = await app.request(WORKSPACES, { method: 'HEAD', headers: auth() });
    expect(head.status).toBe(200);
  });

  it('lists OPTIONS only where OPTIONS is answered (CORS on)', async () => {
    const withoutCors = await app.request(`${BASE}/openapi/v1/scopes/`, { method: 'OPTIONS' });
    expect(withoutCors.status).toBe(405);
    expect(withoutCors.headers.get('allow')).toBe('GET, HEAD');
    const cors = createApp({ storage, clock, passwords: pbkdf2Passwords(1000), corsOrigins: '*' });
    const preflight = await cors.request(`${BASE}/openapi/v1/scopes/`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    const refused = await cors.request(`${BASE}/openapi/v1/scopes/`, { method: 'PATCH' });
    expect(refused.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('sends no Allow with a 404', async () => {
    const answer = await send(`${BASE}/openapi/v1/nothing/`, { method: 'PATCH' });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('allow')).toBeNull();
  });
});

describe('415', () => {
  it.each([
    ['text/plain', { 'content-type': 'text/plain' }, 'got Content-Type "text/plain"'],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'got Content-Type'],
    ['merge-patch+json', { 'content-type': 'application/merge-patch+json' }, 'got Content-Type'],
    ['a Latin-1 charset', { 'content-type': 'application/json; charset=latin1' }, 'got charset "latin1"'],
  ])('refuses a JSON body sent as %s, and stores nothing', async (_name, headers, named) => {
    const before = await workspaceNames();
    const answer = await send(WORKSPACES, { method: 'POST', headers, body: '{"name":"typed wrong"}' });
    expect(answer).toMatchObject({ status: 415, errcode: 415, data: { reason: 'unsupported_media_type' } });
    expect(answer.errmsg).toContain('application/json');
    expect(answer.errmsg).toContain(named);
    expect(await workspaceNames()).toEqual(before);
  });

  it('refuses a body without Content-Type (a Uint8Array: fetch would label a string text/plain)', async () => {
    const body = new TextEncoder().encode('{"name":"untyped"}');
    const answer = await send(WORKSPACES, { method: 'POST', body });
    expect(answer).toMatchObject({
      status: 415,
      errmsg: 'request body needs Content-Type: application/json; got none',
    });
  });

  it.each([
    ['no body and no Content-Type', {}],
    ['an empty body typed text/plain', { headers: { 'content-type': 'text/plain' }, body: '' }],
    ['whitespace typed as JSON', { headers: JSON_TYPE, body: ' \r\n' }],
  ])('answers %s with 400: the body is missing, whatever its type', async (_name, init) => {
    const answer = await send(WORKSPACES, { method: 'POST', ...init });
    expect(answer).toMatchObject({ status: 400, errmsg: 'a JSON request body is required' });
  });

  it('serves a request without a body whatever its headers', async () => {
    const created = await send(WORKSPACES, {
      method: 'POST',
      headers: JSON_TYPE,
      body: '{"name":"to delete"}',
    });
    const { id } = created.data as { id: number };
    expect((await send(`${WORKSPACES}${id}/`, { method: 'DELETE' })).status).toBe(200);
  });

  it('accepts application/json with a UTF-8 charset', async () => {
    const headers = { 'content-type': 'application/json; charset=UTF-8' };
    const answer = await send(WORKSPACES, { method: 'POST', headers, body: '{"name":"charset"}' });
    expect(answer.status).toBe(200);
  });
});

describe('text that is not UTF-8 or not Unicode', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

  it.each([
    ['0xFF in a string', concat(utf8('{"name":"ab'), Uint8Array.of(0xff), utf8('"}')), 11],
    ['a cut-short é', concat(utf8('{"name":"'), Uint8Array.of(0xc3), utf8('"}')), 9],
    [
      'an encoded surrogate',
      concat(utf8('{"desc":"x","name":"'), Uint8Array.of(0xed, 0xa0, 0x80), utf8('"}')),
      20,
    ],
  ])('refuses a body with %s, naming the byte offset, and stores nothing', async (_name, body, offset) => {
    const before = await workspaceNames();
    const answer = await send(WORKSPACES, { method: 'POST', headers: JSON_TYPE, body });
    expect(answer).toMatchObject({ status: 400, data: { reason: 'invalid_request' } });
    expect(answer.errmsg).toBe(`body is not valid UTF-8 at byte offset ${offset}`);
    expect(await workspaceNames()).toEqual(before);
  });

  it.each([
    ['a lone high surrogate', '{"name":"a\\ud800b"}', 'body.name'],
    ['a lone low surrogate', '{"name":"\\uDC00"}', 'body.name'],
    ['a pair in the wrong order', '{"desc":"\\udc00\\ud800","name":"x"}', 'body.desc'],
  ])('refuses %s escaped in JSON, naming the field', async (_name, body, field) => {
    const before = await workspaceNames();
    const answer = await send(WORKSPACES, { method: 'POST', headers: JSON_TYPE, body });
    expect(answer).toMatchObject({ status: 400, data: { issues: [{ path: field }] } });
    expect(answer.errmsg).toMatch(new RegExp(`^${field}: text must not contain a lone surrogate`));
    expect(await workspaceNames()).toEqual(before);
  });

  it('stores a pair of escaped surrogates as the character they make', async () => {
    const answer = await send(WORKSPACES, {
      method: 'POST',
      headers: JSON_TYPE,
      body: '{"name":"\\ud83d\\udca9"}',
    });
    expect(answer).toMatchObject({ status: 200, data: { name: '💩' } });
  });

  it.each([
    ['a path id', `${BASE}/openapi/v1/accounts/a%FFb/`, 'path parameter account_uid is not valid UTF-8'],
    [
      'a path id holding an encoded surrogate',
      `${BASE}/openapi/v1/accounts/%ED%A0%80/`,
      'path parameter account_uid is not valid UTF-8',
    ],
    ['a query value', `${WORKSPACES}?q=%C3`, 'query parameter q is not valid UTF-8'],
    [
      'a query value the operation ignores',
      `${BASE}/openapi/v1/scopes/?x=%FF`,
      'query parameter x is not valid UTF-8',
    ],
    ['a query name', `${WORKSPACES}?%FF=1`, 'query has a parameter name that is not valid UTF-8'],
  ])('refuses %s that is not UTF-8 with 400, naming it', async (_name, url, want) => {
    const answer = await send(url);
    expect(answer).toMatchObject({ status: 400, errmsg: want, data: { reason: 'invalid_request' } });
  });

  it.each([
    ['an escaped percent sign', `${BASE}/openapi/v1/accounts/%25FF/`, 404],
    ['UTF-8 in a query value', `${WORKSPACES}?q=%C3%A9`, 200],
  ])('serves %s as before', async (_name, url, status) => {
    expect((await send(url)).status).toBe(status);
  });
});
