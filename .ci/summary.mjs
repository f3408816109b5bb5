// Prints "N passed, N failed" from vitest's JSON report. A run that stopped before vitest
// (typecheck or lint failed) has no report and counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [reportPath, status] = process.argv.slice(2);
if (!reportPath || !existsSync(reportPath)) {
  console.log(`0 passed, ${status === '0' ? 0 : 1} failed`);
} else {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const passed = report.numPassedTests ?? 0;
  const failed = (report.numFailedTests ?? 0) + (status !== '0' && !report.numFailedTests ? 1 : 0);
  console.log(`${passed} passed, ${failed} failed`);
}
