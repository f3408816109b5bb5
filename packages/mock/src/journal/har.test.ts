import { createRequire } from 'node:module';
import { createClient } from '@wsadmin/sdk';
import { Ajv } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { createMock, MOCK_BASE_URL, MOCK_KEY } from '../index-node';

// har-schema (CommonJS, no types): its JSON schemas by name.
const harSchemas = createRequire(import.meta.url)('har-schema') as Record<string, object>;

/** The HAR 1.2 schema of `har-schema` (the one har-validator applies), compiled by Ajv. */
function harValidator() {
  // The schema carries keywords of its own (`min`, `optional`): not strict.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addMetaSchema(draft06);
  for (const schema of Object.values(harSchemas)) ajv.addSchema(schema);
  const validate = ajv.getSchema('har.json#');
  if (!validate) throw new Error('har-schema has no har.json');
  return validate;
}

describe('mock.har()', () => {
  it('is a HAR 1.2 valid against the HAR schema, with each request and answer', async () => {
    const mock = createMock({ seed: { workspaces: [{ name: 'Sales' }] } });
    const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY, fetch: mock.fetch, retries: 0 });
    const headers = { authorization: `Bearer ${MOCK_KEY}` };
    await mock.fetch(new Request(`${MOCK_BASE_URL}/openapi/v1/workspaces/?page=1&page=2`, { headers }));
    await client.workspaces.create({ name: 'Marketing' });
    await expect(client.workspaces.get(99)).rejects.toMatchObject({ errcode: 404 });
    mock.override('listWorkspaces', 'network-error');
    await expect(client.workspaces.list()).rejects.toThrow();

    const har = mock.har();
    const validate = harValidator();
    expect(validate(JSON.parse(JSON.stringify(har))), JSON.stringify(validate.errors)).toBe(true);

    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.name).toBe('@wsadmin/mock');
    const entries = har.log.entries.slice(-4);
    const [list, create, missing, failed] = entries;
    expect(list?.request.queryString).toEqual([
      { name: 'page', value: '1' },
      { name: 'page', value: '2' },
    ]);
    expect(create?.request).toMatchObject({
      method: 'POST',
      url: `${MOCK_BASE_URL}/openapi/v1/workspaces/`,
      httpVersion: 'HTTP/1.1',
      postData: { mimeType: 'application/json', text: '{"name":"Marketing"}' },
      bodySize: 20,
    });
    expect(create?.request.headers).toContainEqual({ name: 'authorization', value: '[redacted]' });
    expect(create?.response).toMatchObject({
      status: 200,
      statusText: 'OK',
      content: { mimeType: 'application/json' },
    });
    expect(JSON.parse(create?.response.content.text ?? '')).toMatchObject({
      errcode: 200,
      data: { name: 'Marketing' },
    });
    expect(create).toMatchObject({
      _wsadmin: { operationId: 'createWorkspace', changes: [{ kind: 'workspace' }] },
    });
    expect(missing?.response).toMatchObject({ status: 404, statusText: 'Not Found' });
    expect(failed).toMatchObject({ response: { status: 0 }, _error: 'net::ERR_FAILED' });
    expect(JSON.stringify(har)).not.toContain(MOCK_KEY);
  });

  it('is an empty log where nothing was asked', () => {
    const validate = harValidator();
    const har = createMock({ journal: false }).har();
    expect(har.log.entries).toEqual([]);
    expect(validate(har)).toBe(true);
    // The validator is live: a log without creator nor entries fails it.
    expect(validate({ log: { version: '1.2' } })).toBe(false);
  });
});
