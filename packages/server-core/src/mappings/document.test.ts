import { Dimension, managementKinds, RowPermissionRule } from '@wsadmin/contract';
import { describe, expect, it } from 'vitest';
import { type DimensionFields, dimensionItem, dimensionMapping, toDimension } from './dimensions';
import { defineDocumentMapping, documentColumns, documentOf, documentReader, key } from './document';
import { measureMapping } from './measures';
import type { Definition } from './objects';
import { rowRuleMapping, toRuleAnswer } from './permissions';
import { timeSeriesMapping, toTimeSeries } from './time-series';

const mapped = {
  type: 'mapping',
  format: 'label',
  names: ['city'],
  rating: 1,
  description: '',
  isKeyword: false,
  autoGroup: false,
  baseField: { choice: { 1: 'one' }, typeBeforeMap: 'int', typeAfterMap: 'string' },
  enableSubDimensionExplorer: false,
  keywordFilters: [],
  subDimensions: [],
} satisfies Definition<'dimensions'>;
const unused = { models: [], used: false };

describe('document mappings', () => {
  it('do not compile when a contract field has no entry', () => {
    const { rating: _missing, ...fields } = dimensionMapping.fields;
    // @ts-expect-error `rating` is a field of Dimension and of the definition: leaving it out is a compile error.
    defineDocumentMapping<DimensionFields, Definition<'dimensions'>>()('dimension', [], fields);
  });

  it('do not compile when a key entry names no key of the stored document', () => {
    defineDocumentMapping<DimensionFields, Definition<'dimensions'>>()('dimension', [], {
      ...dimensionMapping.fields,
      // @ts-expect-error `score` is no key of the dimension definition.
      rating: key<Definition<'dimensions'>>('score'),
    });
  });

  it('do not compile when a holding column is no column of its table', () => {
    // @ts-expect-error `members` has no `row_permission` column (storage/schema.ts).
    defineDocumentMapping<object, object>()('rule', [{ table: 'members', column: 'row_permission' }], {});
  });

  it.each([
    [
      'every given field under its key, empty and false values too',
      {
        given: { names: ['n'], description: '', sort: 1, expression: undefined },
        want: { names: ['n'], description: '', sort: 1 },
      },
    ],
    ['no id: it is a column beside the document', { given: { id: 4, names: ['n'] }, want: { names: ['n'] } }],
  ] as const)('write %s', (_name, { given, want }) => {
    expect(documentOf(measureMapping, given)).toEqual(want);
  });

  it('do not write the legacy modelUid themselves: it is written apart, as modelUids', () => {
    const rule = { effect: 'allow', resource: 'city', values: [], operator: 'contain', modelUid: 'm' };
    expect(documentOf(rowRuleMapping, rule)).toEqual({
      effect: 'allow',
      resource: 'city',
      values: [],
      operator: 'contain',
    });
  });

  it('refuse a field they do not know instead of dropping it', () => {
    expect(() => documentOf(timeSeriesMapping, { type: 'int', unit: 'day' })).toThrow(
      'time series: contract field "unit" has no mapping entry',
    );
  });

  it('read the answer in contract order, the id from the row and the derived fields given', () => {
    const answer = toDimension({ id: 9, definition: mapped }, unused);
    expect(Object.keys(answer)).toEqual(Object.keys(Dimension.shape));
    expect(answer).toMatchObject({ id: 9, names: ['city'], baseField: mapped.baseField, used: false });
  });

  it.each([
    ['a dimension that is no mapping', { type: 'string', baseField: mapped.baseField }],
    ['a mapping stored without its table', { type: 'mapping', baseField: null }],
  ] as const)('leave baseField out of %s', (_name, change) => {
    expect(dimensionItem({ id: 1, definition: { ...mapped, ...change } })).not.toHaveProperty('baseField');
  });

  it('derive the label of a row rule from its resource', () => {
    const answer = toRuleAnswer({ effect: 'deny', resource: 'city', values: ['x'], operator: 'equal' });
    expect(answer).toEqual({
      effect: 'deny',
      resource: 'city',
      values: ['x'],
      operator: 'equal',
      resourceLabel: 'city',
    });
    expect(Object.keys(answer)).toEqual(
      Object.keys(RowPermissionRule.shape).filter((k) => k !== 'modelUids'),
    );
  });

  it('leave out what a stored definition lacks, and refuse to answer without a given derived field', () => {
    const definition = { type: 'int', names: ['n'], timeUnit: 'day' } as Definition<'time-series'>;
    expect(toTimeSeries({ id: 1, definition }, true)).toEqual({ ...definition, id: 1, used: true });
    const read = documentReader(timeSeriesMapping, ['id', 'used']);
    expect(() => read(definition, { id: 1 })).toThrow('time series: derived field "used" not given');
  });

  it.each([
    ['time-series', timeSeriesMapping],
    ['dimensions', dimensionMapping],
    ['measures', measureMapping],
  ] as const)(
    'store a %s definition as the management interface writes it: each field under its name',
    (kind, mapping) => {
      const fields = Object.keys(managementKinds[kind].definition.shape);
      const entries = Object.fromEntries(fields.map((field) => [field, mapping.fields[field as never]]));
      expect(entries).toEqual(
        Object.fromEntries(
          fields.map((field) => [field, expect.objectContaining({ kind: 'key', key: field })]),
        ),
      );
    },
  );

  it('name the columns that hold the document and the one read beside it', () => {
    expect(documentColumns(timeSeriesMapping as never)).toEqual([
      { table: 'objects', column: 'definition' },
      { table: 'objects', column: 'id' },
    ]);
  });
});
