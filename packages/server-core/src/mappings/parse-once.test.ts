import { describe, expect, it } from 'vitest';
import { ParseOnce } from './parse-once';

/** A ParseOnce over JSON that counts the parses it really runs. */
function counting(capacity?: number) {
  const parsed: string[] = [];
  const memo = new ParseOnce((text) => {
    parsed.push(text);
    return JSON.parse(text) as unknown;
  }, capacity);
  return { memo, parsed };
}

describe('ParseOnce', () => {
  it.each([
    ['the same text twice', { given: ['["a"]', '["a"]'], want: { parses: ['["a"]'], size: 1 } }],
    ['a changed text', { given: ['["a"]', '["a","b"]'], want: { parses: ['["a"]', '["a","b"]'], size: 2 } }],
    [
      'texts that differ only in spacing',
      { given: ['[1,2]', '[1, 2]', '[1,2]'], want: { parses: ['[1,2]', '[1, 2]'], size: 2 } },
    ],
  ])('%s', (_case, { given, want }) => {
    const { memo, parsed } = counting();
    const values = given.map((text) => memo.get(text));
    expect(values).toEqual(given.map((text) => JSON.parse(text)));
    expect(parsed).toEqual(want.parses);
    expect(memo.size).toBe(want.size);
  });

  it('returns the value it parsed first for a text it knows', () => {
    const { memo } = counting();
    expect(memo.get('["x"]')).toBe(memo.get('["x"]'));
  });

  it('does not remember a parse that throws: the text fails again, and a valid one still parses', () => {
    const { memo, parsed } = counting();
    expect(() => memo.get('[not json')).toThrow(SyntaxError);
    expect(() => memo.get('[not json')).toThrow(SyntaxError);
    expect(parsed).toEqual(['[not json', '[not json']);
    expect(memo.size).toBe(0);
    expect(memo.get('[]')).toEqual([]);
  });

  it('forgets the least recently used text past its capacity, and still answers every text', () => {
    const { memo, parsed } = counting(3);
    for (const text of ['1', '2', '3', '1']) memo.get(text);
    expect(memo.size).toBe(3);
    expect(memo.get('4')).toBe(4);
    expect(memo.size).toBe(3);
    // '2' was the least recently used: parsed again; '1' was used last before '4' came: kept.
    expect(memo.get('2')).toBe(2);
    expect(memo.get('1')).toBe(1);
    expect(parsed).toEqual(['1', '2', '3', '4', '2']);
  });
});
