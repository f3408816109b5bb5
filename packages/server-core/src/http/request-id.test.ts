import { describe, expect, it } from 'vitest';
import { carriesRequestId, jsonAnswer, jsonAnswerText, requestIdOf } from './request-id';

describe('jsonAnswer', () => {
  it('knows its text and whether it carries the request id, without reading its body', async () => {
    const withId = jsonAnswer('{"errcode":200}', 'req-1');
    expect(jsonAnswerText(withId)).toBe('{"errcode":200}');
    expect(carriesRequestId(withId)).toBe(true);
    expect(withId.headers.get('x-request-id')).toBe('req-1');
    expect(withId.bodyUsed).toBe(false);
    expect(await withId.text()).toBe('{"errcode":200}');

    const withoutId = jsonAnswer('{}', undefined);
    expect(jsonAnswerText(withoutId)).toBe('{}');
    expect(carriesRequestId(withoutId)).toBe(false);
    expect(withoutId.headers.get('x-request-id')).toBeNull();
  });

  it('knows nothing of any other answer, even one of the same text', () => {
    const other = new Response('{"errcode":200}', { headers: { 'x-request-id': 'req-1' } });
    expect(jsonAnswerText(other)).toBeUndefined();
    expect(carriesRequestId(other)).toBe(false);
    expect(jsonAnswerText(other.clone())).toBeUndefined();
  });
});

describe('requestIdOf', () => {
  it('keeps a well-formed incoming id and replaces anything else with a UUID', () => {
    expect(requestIdOf('lb-7f3a:01')).toBe('lb-7f3a:01');
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), 'line\nforged'])
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
