// Where the example app's tests and demos start, written once: the page's own mock (main.tsx,
// startMockWorker), the Playwright tests (examples/playwright) and the stories use them unchanged.
import { defineScenario } from '@wsadmin/mock';

/** Two workspaces, nothing else. */
export const demo = defineScenario({ seed: { workspaces: [{ name: 'Demo' }, { name: 'Archive' }] } });

/** The demo, with the first list of workspaces answered 503. */
export const listOutage = defineScenario({
  ...demo,
  overrides: {
    listWorkspaces: {
      override: { errcode: 503, errmsg: 'down for maintenance', data: { reason: 'unavailable' } },
      times: 1,
    },
  },
});
