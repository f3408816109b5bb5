import { operationIds } from '@wsadmin/contract';
import { matchRoute } from '@wsadmin/contract/routes';

/**
 * `docs/scenario-index.md`: for each operationId of the contract, the conformance scenarios that
 * sent it, test by test, as recorded from a run of the whole suite in process
 * (`scenarios.in-process.test.ts`, whose file snapshot it is: `npx vitest run
 * packages/server-core/conformance/scenarios.in-process.test.ts --update` writes it again). A handler in
 * `src/handlers/` is covered by the tests listed under its operationIds.
 */
export class ScenarioIndex {
  /** operationId -> test name -> requests. */
  readonly #sent = new Map<string, Map<string, number>>();

  /** Notes a request the suite sent, under the test that sent it (its name without the file's describe). */
  record(request: Request, testName: string): void {
    const found = matchRoute(request.method, new URL(request.url).pathname);
    if (!found || !('operationId' in found)) return;
    const tests = this.#sent.get(found.operationId) ?? new Map<string, number>();
    tests.set(testName, (tests.get(testName) ?? 0) + 1);
    this.#sent.set(found.operationId, tests);
  }

  /** The index as Markdown, in the contract's order of operations. */
  render(): string {
    const unsent = operationIds.filter((id) => !this.#sent.has(id));
    const lines = [
      '<!-- Generated from a run of the conformance scenarios (packages/server-core/conformance/scenario-index.ts): do not edit. After a change to the scenarios: npx vitest run packages/server-core/conformance/scenarios.in-process.test.ts --update -->',
      '',
      '# Which scenarios exercise each operation',
      '',
      'For each operationId of the contract, the conformance scenarios',
      '(`packages/conformance/src/scenarios/`) that sent it, test by test, with the number of requests,',
      'recorded from a run of the whole suite in process. The same scenarios run on every target (in',
      'process, the mock, the Node server on SQLite and PostgreSQL, Bun, Deno and Workers), so a',
      'handler in `packages/server-core/src/handlers/` is covered by the tests under its operationIds.',
      '',
      `${operationIds.length - unsent.length} of ${operationIds.length} operations sent by the scenarios.`,
    ];
    if (unsent.length > 0)
      lines.push('', `Not sent by any scenario: ${unsent.map((id) => `\`${id}\``).join(', ')}.`);
    for (const id of operationIds) {
      const tests = this.#sent.get(id);
      if (!tests) continue;
      lines.push('', `## ${id}`, '');
      for (const [test, count] of [...tests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        lines.push(`- ${test.replaceAll('|', '\\|')} (${count})`);
    }
    return `${lines.join('\n')}\n`;
  }
}
