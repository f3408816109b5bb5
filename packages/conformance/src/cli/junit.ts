import type { Outcome } from './runner';

/**
 * The outcomes as JUnit XML, as CI services read it: `<testsuites>`, a `<testsuite>` per group, a
 * `<testcase>` per test (its name within the group, the group as `classname`, `time` in seconds), a
 * `<failure>` with the message, `<skipped>` with the reason a test was not run.
 */
export function junitXml(
  outcomes: readonly Outcome[],
  run: { baseUrl: string; startedAt: Date; durationMs: number },
): string {
  const groups = new Map<string, Outcome[]>();
  for (const outcome of outcomes) {
    const group = groups.get(outcome.group) ?? [];
    groups.set(outcome.group, group);
    group.push(outcome);
  }
  const suites = [...groups].map(([group, cases]) => {
    const counts = countsOf(cases);
    const time = cases.reduce((sum, outcome) => sum + outcome.durationMs, 0);
    const timestamp = timestampOf(new Date(cases[0]?.startedAt ?? run.startedAt));
    return [
      `  <testsuite ${attributes({ name: group, tests: cases.length, failures: counts.failed, errors: 0, skipped: counts.notRun, time: seconds(time), timestamp })}>`,
      `    <properties><property ${attributes({ name: 'base-url', value: run.baseUrl })}/></properties>`,
      ...cases.map((outcome) => testcase(group, outcome)),
      '  </testsuite>',
    ].join('\n');
  });
  const counts = countsOf(outcomes);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attributes({ name: 'wsadmin-conformance', tests: outcomes.length, failures: counts.failed, errors: 0, skipped: counts.notRun, time: seconds(run.durationMs), timestamp: timestampOf(run.startedAt) })}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function testcase(group: string, outcome: Outcome): string {
  const name = outcome.name.startsWith(`${group} > `) ? outcome.name.slice(group.length + 3) : outcome.name;
  const open = `    <testcase ${attributes({ name, classname: group, time: seconds(outcome.durationMs) })}`;
  const detail = outcome.detail ?? '';
  if (outcome.status === 'passed') return `${open}/>`;
  if (outcome.status === 'not run')
    return `${open}>\n      <skipped ${attributes({ message: detail })}/>\n    </testcase>`;
  const message = detail.split('\n').find((line) => line.trim() !== '') ?? 'failed';
  return `${open}>\n      <failure ${attributes({ message })}>${xmlText(detail)}</failure>\n    </testcase>`;
}

function countsOf(outcomes: readonly Outcome[]) {
  return {
    failed: outcomes.filter((outcome) => outcome.status === 'failed').length,
    notRun: outcomes.filter((outcome) => outcome.status === 'not run').length,
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
// JUnit's schema has a date-time without a zone; the time is UTC.
const timestampOf = (date: Date) => date.toISOString().slice(0, 19);

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}="${xmlAttribute(String(value))}"`)
    .join(' ');
}

// Terminal colours (Jest's `expect` adds them when it thinks it writes to a terminal).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what it finds
const ANSI_SEQUENCE = /\u001b\[[0-?]*[ -/]*[@-~]/g;
// What XML 1.0 forbids: C0 controls but tab, LF and CR; lone surrogates; U+FFFE and U+FFFF.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text as XML character data: markup escaped, characters XML cannot carry written as `\uXXXX`. */
export function xmlText(text: string): string {
  return text
    .replace(ANSI_SEQUENCE, '')
    .replace(NOT_XML, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('\r', '&#13;');
}

/** As `xmlText`, for a double-quoted attribute: a parser would turn a raw newline or tab into a space. */
export function xmlAttribute(text: string): string {
  return xmlText(text).replaceAll('"', '&quot;').replaceAll('\n', '&#10;').replaceAll('\t', '&#9;');
}
