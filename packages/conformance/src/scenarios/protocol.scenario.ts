import { scenarioClient } from '../client';
import type { ScenarioTarget } from '../scenario-target';
import { describe, expect, it } from '../test-api';

export function protocolScenarios(target: () => ScenarioTarget) {
  const api = scenarioClient(target);

  describe('protocol and bad input', () => {
    it('says so when a path lacks its trailing slash', async () => {
      const answer = await api.send('GET', '/openapi/v1/workspaces');
      expect(answer).toMatchObject({ status: 404, errcode: 404 });
      expect(answer.errmsg).toMatch(/must end with "\/"/);
    });

    it('answers 404 with the envelope for an unknown path', async () => {
      expect(await api.send('GET', '/openapi/v1/nothing-here/')).toMatchObject({ status: 404, errcode: 404 });
    });

    it('answers 405 naming the allowed methods, in the errmsg and the Allow header', async () => {
      const answer = await api.send('PATCH', '/openapi/v1/workspaces/');
      expect(answer).toMatchObject({ status: 405, errcode: 405 });
      expect(answer.errmsg).toMatch(/GET.*POST/);
      expect(answer.headers.get('allow')?.split(', ')).toEqual(expect.arrayContaining(['GET', 'POST']));
      expect(answer.headers.get('allow')).not.toMatch(/PATCH/);
    });

    it.each([
      ['PUT', '/openapi/v1/accounts/create-accounts/', 'POST'],
      ['DELETE', '/openapi/v1/workspaces/create-workspaces/', 'POST'],
      ['GET', '/openapi/v1/workspaces/update-workspaces/', 'PUT'],
    ])('answers %s %s with 405 and Allow: %s, never as an id', async (method, path, allow) => {
      const answer = await api.send(method, path);
      expect(answer).toMatchObject({ status: 405, errcode: 405, data: { reason: 'method_not_allowed' } });
      // OPTIONS joins POST where the target has CORS on.
      expect(
        answer.headers
          .get('allow')
          ?.split(', ')
          .filter((name) => name !== 'OPTIONS'),
      ).toEqual([allow]);
    });

    it.each([
      ['text/plain', 'text/plain'],
      ['a form type (curl -d)', 'application/x-www-form-urlencoded'],
    ])('refuses a JSON body sent as %s with 415, and changes nothing', async (_name, type) => {
      const before = await api.ok('listWorkspaces', {});
      const answer = await api.call('createWorkspace', {
        rawBody: '{"name":"typed wrong"}',
        headers: { 'content-type': type },
      });
      expect(answer).toMatchObject({ status: 415, errcode: 415, data: { reason: 'unsupported_media_type' } });
      expect(answer.errmsg).toContain(type);
      expect(answer.errmsg).toContain('application/json');
      expect(await api.ok('listWorkspaces', {})).toEqual(before);
    });

    it.each([
      ['a path segment', '/openapi/v1/accounts/a%FFb/', 'path parameter account_uid'],
      ['a query value', '/openapi/v1/workspaces/?q=%ED%A0%80', 'query parameter q'],
    ])('refuses %s that is not UTF-8 with 400, naming it', async (_name, path, named) => {
      const answer = await api.send('GET', path);
      expect(answer).toMatchObject({ status: 400, errcode: 400, data: { reason: 'invalid_request' } });
      expect(answer.errmsg).toBe(`${named} is not valid UTF-8`);
    });

    it('refuses a lone surrogate escaped in a JSON string, naming the field, and changes nothing', async () => {
      const before = await api.ok('listWorkspaces', {});
      const answer = await api.call('createWorkspace', { rawBody: '{"name":"a\\ud800"}' });
      expect(answer).toMatchObject({ status: 400, errcode: 400 });
      expect(answer.errmsg).toMatch(/^body\.name: .*lone surrogate/);
      expect(await api.ok('listWorkspaces', {})).toEqual(before);
    });

    it.each([
      ['malformed JSON', '{"name": ', /malformed JSON/],
      ['an empty body', '', /body is required/],
      ['JSON that is not an object', '[1,2]', /body/],
    ])('refuses %s with 400', async (_name, rawBody, message) => {
      const answer = await api.call('createWorkspace', { rawBody });
      expect(answer).toMatchObject({ status: 400, errcode: 400, data: { reason: 'invalid_request' } });
      expect(answer.errmsg).toMatch(message);
    });

    it.each([
      ['a wrong type', { adapter: 'mysql' }, 'body.adapter'],
      ['an unknown field', { nmae: 'typo' }, 'nmae'],
      ['an out-of-range value', { breakPointDisplayType: 9 }, 'body.breakPointDisplayType'],
      ['a 1 MB string', { name: 'x'.repeat(1_000_000) }, 'body.name'],
    ])('refuses %s, naming the field, and changes nothing', async (_name, body, field) => {
      const before = await api.ok('listWorkspaces', {});
      const answer = await api.fails('createWorkspace', 400, { body });
      expect(answer.errmsg).toContain(field);
      expect(answer.errmsg.length).toBeLessThan(2_000);
      expect(await api.ok('listWorkspaces', {})).toEqual(before);
    });

    // PostgreSQL cannot store U+0000 in text; every backend refuses it alike (docs/spec-gaps.md).
    it.each([
      ['a body string', 'POST', '/openapi/v1/workspaces/', '{"name":"a\\u0000b"}', 'body.name'],
      ['a query value', 'GET', '/openapi/v1/workspaces/?q=a%00b', undefined, 'query.q'],
      ['a path segment', 'GET', '/openapi/v1/accounts/a%00b/', undefined, 'path.account_uid'],
    ])(
      'refuses the NUL character in %s with 400, naming the field, and changes nothing',
      async (_name, method, path, rawBody, field) => {
        const before = await api.ok('listWorkspaces', {});
        const answer = await api.send(method, path, rawBody === undefined ? {} : { rawBody });
        expect(answer).toMatchObject({ status: 400, errcode: 400, data: { reason: 'invalid_request' } });
        expect(answer.errmsg).toBe(`${field}: text must not contain the NUL character (U+0000)`);
        expect(await api.ok('listWorkspaces', {})).toEqual(before);
      },
    );

    it('refuses a body over the size limit with 413', async () => {
      const answer = await api.call('createWorkspaces', {
        rawBody: JSON.stringify({ workspaces: [{ desc: 'x'.repeat(3_000_000) }] }),
      });
      expect(answer).toMatchObject({ status: 413, errcode: 413, data: { reason: 'payload_too_large' } });
    });

    it('refuses a path id that is not a positive integer', async () => {
      const answer = await api.send('GET', '/openapi/v1/workspaces/12abc/');
      expect(answer).toMatchObject({ status: 400, errcode: 400 });
      expect(answer.errmsg).toContain('workspaceId');
    });

    it('answers every error as JSON with the envelope, never HTML', async () => {
      const answer = await api.send('DELETE', '/openapi/v1/');
      expect(answer.headers.get('content-type')).toMatch(/application\/json/);
      expect(answer.errcode).toBe(404);
    });
  });
}
