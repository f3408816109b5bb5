import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../../testing/xml';
import { junitXml, xmlAttribute, xmlText } from './junit';
import type { Outcome } from './runner';

const at = (startedAt: number, durationMs: number) => ({ startedAt, durationMs });
const hostile =
  'bell\u0007 esc\u001b[31mred\u001b[39m nul\u0000 <b>&"quotes"\' tab\there\r\nnext ]]> \ud800 \uffff';

const outcomes: Outcome[] = [
  { group: 'alpha', name: 'alpha > passes', status: 'passed', ...at(Date.UTC(2030, 0, 1), 12) },
  {
    group: 'alpha',
    name: `alpha > fails with ${hostile}`,
    status: 'failed',
    detail: `expect(received).toBe(expected)\n\n${hostile}`,
    ...at(Date.UTC(2030, 0, 1, 0, 0, 1), 1500),
  },
  {
    group: 'beta',
    name: 'beta > describe > needs a clock',
    status: 'not run',
    detail: "needs a target that can move the server's clock",
    ...at(Date.UTC(2030, 0, 1, 0, 0, 2), 0.4),
  },
  { group: 'beta', name: 'beta > row 1', status: 'passed', ...at(Date.UTC(2030, 0, 1, 0, 0, 3), 3) },
];

describe('the JUnit report', () => {
  const xml = junitXml(outcomes, {
    baseUrl: 'http://127.0.0.1:8787/?a=1&b=<2>',
    startedAt: new Date(Date.UTC(2030, 0, 1)),
    durationMs: 2345.6,
  });
  const report = parseXml(xml);

  it('is one <testsuites> with the totals, a <testsuite> per group in running order', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(report).toMatchObject({
      name: 'testsuites',
      attributes: {
        name: 'wsadmin-conformance',
        tests: '4',
        failures: '1',
        errors: '0',
        skipped: '1',
        time: '2.346',
        timestamp: '2030-01-01T00:00:00',
      },
    });
    expect(report.children.map((suite) => [suite.name, suite.attributes])).toEqual([
      [
        'testsuite',
        {
          name: 'alpha',
          tests: '2',
          failures: '1',
          errors: '0',
          skipped: '0',
          time: '1.512',
          timestamp: '2030-01-01T00:00:00',
        },
      ],
      [
        'testsuite',
        {
          name: 'beta',
          tests: '2',
          failures: '0',
          errors: '0',
          skipped: '1',
          time: '0.003',
          timestamp: '2030-01-01T00:00:02',
        },
      ],
    ]);
    const [property] = report.children[0]?.children[0]?.children ?? [];
    expect(property?.attributes).toEqual({ name: 'base-url', value: 'http://127.0.0.1:8787/?a=1&b=<2>' });
  });

  it('has a <testcase> per test: its name within the group, the group as classname, failure and skipped', () => {
    const cases = report.children.flatMap((suite) =>
      suite.children.filter((child) => child.name === 'testcase'),
    );
    expect(cases.map(({ attributes }) => [attributes.classname, attributes.name, attributes.time])).toEqual([
      ['alpha', 'passes', '0.012'],
      ['alpha', expect.stringMatching(/^fails with bell/), '1.500'],
      ['beta', 'describe > needs a clock', '0.000'],
      ['beta', 'row 1', '0.003'],
    ]);
    expect(cases.map((testcase) => testcase.children.map((child) => child.name))).toEqual([
      [],
      ['failure'],
      ['skipped'],
      [],
    ]);
    const failure = cases[1]?.children[0];
    expect(failure?.attributes.message).toBe('expect(received).toBe(expected)');
    expect(failure?.text).toContain('<b>&"quotes"\'');
    expect(cases[2]?.children[0]?.attributes.message).toBe("needs a target that can move the server's clock");
  });

  it('carries hostile text: markup escaped, colours dropped, characters XML cannot hold written as \\uXXXX', () => {
    const name = report.children[0]?.children[2]?.attributes.name;
    expect(name).toBe(
      'fails with bell\\u0007 escred nul\\u0000 <b>&"quotes"\' tab\there\r\nnext ]]> \\ud800 \\uffff',
    );
    const failure = report.children[0]?.children[2]?.children[0];
    expect(failure?.text).toBe(
      'expect(received).toBe(expected)\n\nbell\\u0007 escred nul\\u0000 <b>&"quotes"\' tab\there\r\nnext ]]> \\ud800 \\uffff',
    );
  });

  it.each<[string, string, string]>([
    ['markup', 'a<b>&c', 'a&lt;b&gt;&amp;c'],
    ['a C0 control', 'x\u0001y', 'x\\u0001y'],
    ['a colour sequence', '\u001b[1m\u001b[31mbold\u001b[0m', 'bold'],
    ['an emoji (a surrogate pair)', 'ok 🧪', 'ok 🧪'],
    ['a lone low surrogate', 'x\udc00', 'x\\udc00'],
    ['a carriage return', 'a\rb', 'a&#13;b'],
  ])('writes %s as character data', (_name, text, want) => {
    expect(xmlText(text)).toBe(want);
  });

  it('writes quotes, newlines and tabs in an attribute as references, so a parser keeps them', () => {
    expect(xmlAttribute('say "hi"\n\tthere')).toBe('say &quot;hi&quot;&#10;&#9;there');
    expect(parseXml(`<a v="${xmlAttribute('say "hi"\n\tthere')}"/>`).attributes.v).toBe('say "hi"\n\tthere');
  });

  it('is an empty <testsuites> for a run of no tests', () => {
    const empty = parseXml(junitXml([], { baseUrl: 'http://h', startedAt: new Date(0), durationMs: 0 }));
    expect(empty).toMatchObject({ name: 'testsuites', attributes: { tests: '0' }, children: [] });
  });
});
