import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from './all-operations';
import { buildOpenApiDocument } from './openapi';
import {
  AccountUid,
  MAP_ENTRIES_MAX,
  NO_NUL_PATTERN,
  NON_BLANK_PATTERN,
  NonEmptyShortText,
  SHORT_TEXT_MAX,
} from './primitives';
import { BaseField } from './resources/dimensions';

const document = buildOpenApiDocument();
type Node = Record<string, unknown>;
/** A component schema's property, by name. */
function propertyOf(schema: string, property: string): Node {
  const schemas = (document.components?.schemas ?? {}) as Record<
    string,
    { properties?: Record<string, Node> }
  >;
  const found = schemas[schema]?.properties?.[property];
  if (!found) throw new Error(`no ${schema}.${property} in the document`);
  return found;
}

/** Every schema object under `value` whose `type` includes `type`. */
function schemasOfType(value: unknown, type: string, found: Node[] = []): Node[] {
  if (Array.isArray(value)) for (const item of value) schemasOfType(item, type, found);
  else if (value !== null && typeof value === 'object') {
    const node = value as Node;
    if (node.type === type || (Array.isArray(node.type) && node.type.includes(type))) found.push(node);
    // Not links nor examples: values, not schemas.
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'links' && key !== 'example') schemasOfType(child, type, found);
    }
  }
  return found;
}

describe('server-wide rules in the document', () => {
  it('gives every free string a pattern that refuses NUL, as the server does', () => {
    const strings = schemasOfType(document, 'string').filter(
      (node) => !node.enum && node.const === undefined,
    );
    expect(strings.length).toBeGreaterThan(100);
    for (const node of strings) {
      expect(node.pattern, JSON.stringify(node)).toBeTypeOf('string');
      const pattern = new RegExp(node.pattern as string);
      expect(pattern.test('\u0000'), `${node.pattern}`).toBe(false);
      expect(pattern.test('a\u0000b'), `${node.pattern}`).toBe(false);
    }
  });

  it('bounds every integer by what zod accepts (safe integers) or tighter', () => {
    const integers = schemasOfType(document, 'integer');
    expect(integers.length).toBeGreaterThan(100);
    for (const node of integers) {
      expect(node.minimum as number).toBeGreaterThanOrEqual(Number.MIN_SAFE_INTEGER);
      expect(node.maximum as number).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    }
    const rating = propertyOf('Dimension', 'rating');
    expect(rating).toMatchObject({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
  });
});

describe('patterns that state zod rules', () => {
  // Every UTF-16 code unit alone: the pattern and `trim()` agree on which leave something behind.
  const units = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code));

  it('NON_BLANK_PATTERN accepts exactly the texts that keep a character after trim and hold no NUL', () => {
    const pattern = new RegExp(NON_BLANK_PATTERN);
    const disagreeing = units.filter(
      (unit) => pattern.test(unit) !== (unit.trim() !== '' && unit !== '\u0000'),
    );
    expect(disagreeing.map((unit) => unit.charCodeAt(0).toString(16))).toEqual([]);
    expect(pattern.test(' \t a \u3000')).toBe(true);
  });

  it.each([
    ['blank', { given: ' \u00a0\ufeff ', want: false }],
    ['padded', { given: '  name  ', want: true }],
    ['NUL inside', { given: 'na\u0000me', want: true }],
  ] as const)('NonEmptyShortText and its pattern agree on a %s name', (_name, { given, want }) => {
    // NUL is refused by the server after parsing, not by this schema: the pattern is stricter there.
    const byPattern = new RegExp(NON_BLANK_PATTERN).test(given);
    expect(NonEmptyShortText.safeParse(given).success).toBe(want);
    if (!given.includes('\u0000')) expect(byPattern).toBe(want);
    else expect(byPattern).toBe(false);
  });

  it.each([
    ['version 4', { given: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', want: true }],
    ['version 4, upper case', { given: '3F1B2C4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D', want: true }],
    ['version 1', { given: '3f1b2c4d-5e6f-1a7b-8c9d-0e1f2a3b4c5d', want: false }],
    ['version 7', { given: '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b', want: false }],
    ['wrong variant', { given: '3f1b2c4d-5e6f-4a7b-cc9d-0e1f2a3b4c5d', want: false }],
  ] as const)('the uuid pattern in the document and AccountUid agree on %s', (_name, { given, want }) => {
    const uid = propertyOf('AccountCreate', 'uid');
    expect(new RegExp(uid.pattern as string).test(given)).toBe(want);
    expect(AccountUid.safeParse(given).success).toBe(want);
  });

  it('names the keys of every map (baseField.choice among them): no key holds NUL, as the server refuses', () => {
    const maps = schemasOfType(document, 'object').filter(
      (node) => node.additionalProperties !== undefined && node.additionalProperties !== false,
    );
    expect(maps.length).toBeGreaterThan(0);
    expect(propertyOf('BaseField', 'choice').propertyNames).toEqual({
      type: 'string',
      maxLength: SHORT_TEXT_MAX,
      pattern: NO_NUL_PATTERN,
    });
    for (const node of maps) {
      const keys = node.propertyNames as { pattern?: string } | undefined;
      expect(keys?.pattern, JSON.stringify(node)).toBeTypeOf('string');
      expect(new RegExp(keys?.pattern as string).test('a\u0000b')).toBe(false);
      expect(new RegExp(keys?.pattern as string).test('stored value')).toBe(true);
    }
  });

  it('bounds baseField.choice as zod does: short keys and labels, at most MAP_ENTRIES_MAX entries', () => {
    const choice = propertyOf('BaseField', 'choice');
    expect(choice.maxProperties).toBe(MAP_ENTRIES_MAX);
    expect((choice.additionalProperties as { maxLength?: number }).maxLength).toBe(SHORT_TEXT_MAX);
    const mapping = (choice: Record<string, string>) =>
      BaseField.safeParse({ choice, typeBeforeMap: 'int', typeAfterMap: 'string' }).success;
    const longest = 'k'.repeat(SHORT_TEXT_MAX);
    expect(mapping({ [longest]: 'l'.repeat(SHORT_TEXT_MAX) })).toBe(true);
    expect(mapping({ [`${longest}k`]: 'label' })).toBe(false);
    expect(mapping({ key: `${'l'.repeat(SHORT_TEXT_MAX)}l` })).toBe(false);
    const entries = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`${i}`, 'x']));
    expect(mapping(entries(MAP_ENTRIES_MAX))).toBe(true);
    expect(mapping(entries(MAP_ENTRIES_MAX + 1))).toBe(false);
  });

  it('states no NUL rule where a stricter pattern is already there', () => {
    expect(NO_NUL_PATTERN).toBe('^[^\\u0000]*$');
    const email = z.email();
    expect(JSON.stringify(document)).toContain(JSON.stringify(email._zod.def.pattern?.source));
  });
});

describe('links', () => {
  type Link = { operationId: string; parameters: Record<string, string> };
  const linksOf = (operationId: string): Record<string, Link> => {
    for (const item of Object.values(document.paths ?? {}))
      for (const op of Object.values(item as Record<string, { operationId?: string; responses: Node }>))
        if (op.operationId === operationId)
          return ((op.responses['200'] as { links?: Record<string, Link> }).links ?? {}) as Record<
            string,
            Link
          >;
    throw new Error(`no operation ${operationId}`);
  };

  it.each([
    [
      'createWorkspace',
      ['getWorkspace', 'updateWorkspace', 'deleteWorkspace'],
      { workspaceId: '$response.body#/data/id' },
    ],
    [
      'createTimeSeries',
      ['getTimeSeries', 'updateTimeSeries', 'deleteTimeSeries'],
      { workspaceId: '$request.path.workspaceId', timeSeriesId: '$response.body#/data/id' },
    ],
    [
      'createManagedDimension',
      ['getManagedDimension', 'updateManagedDimension', 'deleteManagedDimension'],
      { workspaceId: '$request.path.workspaceId', id: '$response.body#/data/id' },
    ],
    [
      'createAccount',
      ['getAccount', 'updateAccount', 'deleteAccount'],
      { account_uid: '$response.body#/data/uid' },
    ],
    [
      'createAccounts',
      ['getAccount', 'updateAccount', 'deleteAccount'],
      { account_uid: '$response.body#/data/0/uid' },
    ],
    [
      'createMemberGroup',
      ['deleteMemberGroup'],
      { workspaceId: '$request.path.workspaceId', member_groups_pk: '$response.body#/data/id' },
    ],
    [
      'addMember',
      ['removeMember'],
      { workspaceId: '$request.path.workspaceId', member_uid: '$response.body#/data/uid' },
    ],
  ] as const)('lead from %s to what it created', (create, targets, parameters) => {
    const links = linksOf(create);
    expect(Object.keys(links).sort()).toEqual([...targets].sort());
    for (const link of Object.values(links)) {
      expect(link.operationId in operations).toBe(true);
      expect(link.parameters).toEqual(parameters);
    }
  });

  it('name only path parameters the target operation has', () => {
    let count = 0;
    for (const operationId of Object.keys(operations)) {
      for (const link of Object.values(linksOf(operationId))) {
        count++;
        const target = operations[link.operationId as keyof typeof operations];
        for (const name of Object.keys(link.parameters)) expect(target.path).toContain(`{${name}}`);
      }
    }
    expect(count).toBeGreaterThan(30);
  });
});
