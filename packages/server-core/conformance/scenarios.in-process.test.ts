import { runConformance, scenarioGroupNames, type Target } from '@wsadmin/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessTarget } from './in-process-target';
import { ScenarioIndex } from './scenario-index';

const SUITE = 'scenarios: app in-process, in-memory storage';

describe(SUITE, () => {
  let target: Target;
  const index = new ScenarioIndex();
  beforeAll(async () => {
    const app = await inProcessTarget();
    target = {
      ...app,
      fetch: (request) => {
        const test = expect.getState().currentTestName ?? '';
        index.record(request, test.startsWith(`${SUITE} > `) ? test.slice(SUITE.length + 3) : test);
        return app.fetch(request);
      },
    };
  });
  afterAll(() => target.close?.());
  runConformance(() => target, { describe, it, expect, afterAll }, { groups: scenarioGroupNames });

  // Last of the suite: which tests sent each operation (docs/scenario-index.md, a file snapshot).
  it('records which scenarios sent each operation: docs/scenario-index.md', async () => {
    await expect(index.render()).toMatchFileSnapshot('../../../docs/scenario-index.md');
  });
});
