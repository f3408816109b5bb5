// Prints what was skipped, then "N passed, N failed" as the last line, from vitest's JSON report.
// A run that stopped before vitest (typecheck or lint failed) has no report and counts as one failure.
//   node .ci/summary.mjs <report.json> <exit status of npm test>
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const NOT_RUN = new Set(['skipped', 'pending', 'todo', 'disabled']);

/**
 * One line per group of tests that did not run: file, the outermost describe (a skipped describe
 * skips all of it) or the test's whole name when it is alone, and how many.
 */
export function skippedLines(report, root) {
  const groups = new Map();
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (!NOT_RUN.has(test.status)) continue;
      const where = relative(root, file.name);
      const label = test.ancestorTitles?.[0] ?? test.title;
      const group = groups.get(`${where}\0${label}`) ?? { where, label, names: [] };
      group.names.push([...(test.ancestorTitles ?? []), test.title].join(' > '));
      groups.set(`${where}\0${label}`, group);
    }
  }
  const all = [...groups.values()];
  const total = all.reduce((sum, group) => sum + group.names.length, 0);
  if (total === 0) return [];
  return [
    `skipped ${total}:`,
    ...all.map(({ where, label, names }) =>
      names.length === 1 ? `  ${where}: ${names[0]}` : `  ${where}: ${label} (${names.length} tests)`,
    ),
  ];
}

/** The summary's lines; the last is always "N passed, N failed". */
export function summary(report, status, root) {
  if (!report) return [`0 passed, ${status === '0' ? 0 : 1} failed`];
  const passed = report.numPassedTests ?? 0;
  const failed = (report.numFailedTests ?? 0) + (status !== '0' && !report.numFailedTests ? 1 : 0);
  return [...skippedLines(report, root), `${passed} passed, ${failed} failed`];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [reportPath, status] = process.argv.slice(2);
  const report =
    reportPath && existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : undefined;
  for (const line of summary(report, status, process.cwd())) console.log(line);
}
