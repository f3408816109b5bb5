import { expect, test } from '@wsadmin/mock/playwright';
import { demo } from '../../react-query/src/scenarios';

test.use({ mockScenario: demo });

/** What a page with a bug sends: `title` where the contract has `name`. Answers the status. */
const createWithTitle = (page: import('@playwright/test').Page, baseUrl: string, key: string) =>
  page.evaluate(
    async ([url, secret]) =>
      (
        await fetch(`${url}/openapi/v1/workspaces/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Sales' }),
        })
      ).status,
    [baseUrl, key] as const,
  );

test('a request the contract refuses fails the test, though the page showed the error', async ({
  page,
  mock,
}) => {
  test.fail(true, 'strict mode: the fixture fails a test whose page sent a request the contract refuses');
  await page.goto('/');
  expect(await createWithTitle(page, mock.baseUrl, mock.key)).toBe(400);
  expect(mock.rejections.map((rejection) => rejection.operationId)).toEqual(['createWorkspace']);
});

test('a rejection the test declared does not fail it', async ({ page, mock }) => {
  mock.allowRejection({ operationId: 'createWorkspace', status: 400 });
  await page.goto('/');
  expect(await createWithTitle(page, mock.baseUrl, mock.key)).toBe(400);
  expect(mock.rejections).toEqual([]);
});
