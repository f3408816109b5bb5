import { type RouteId, routes } from '@wsadmin/contract/routes';
import type { Outcome } from './runner';

/** Per group: how many tests passed, failed and were not run (with the reasons), in running order. */
export function groupSummary(outcomes: readonly Outcome[]): string[] {
  const groups = new Map<string, { passed: number; failed: number; notRun: Map<string, number> }>();
  for (const { group, status, detail } of outcomes) {
    const counts = groups.get(group) ?? { passed: 0, failed: 0, notRun: new Map<string, number>() };
    groups.set(group, counts);
    if (status === 'passed') counts.passed += 1;
    else if (status === 'failed') counts.failed += 1;
    else counts.notRun.set(detail ?? '', (counts.notRun.get(detail ?? '') ?? 0) + 1);
  }
  const width = Math.max(0, ...[...groups.keys()].map((name) => name.length));
  return [...groups].map(([name, { passed, failed, notRun }]) => {
    const parts = [`${passed} passed`, `${failed} failed`];
    const skipped = [...notRun.values()].reduce((sum, n) => sum + n, 0);
    const reasons = [...notRun].map(([reason, n]) => `${n} ${reason}`).join('; ');
    parts.push(skipped === 0 ? '0 not run' : `${skipped} not run (${reasons})`);
    return `  ${name.padEnd(width)}  ${parts.join(', ')}`;
  });
}

const routeList = (Object.keys(routes) as RouteId[]).map((id) => {
  const { method, path } = routes[id];
  const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
  // What a request of this route makes or removes: the last fixed segment of its path
  // (`create-accounts`, the batch create, counts as `accounts`).
  const segments = path.split('/').filter((segment) => segment !== '' && !segment.startsWith('{'));
  return {
    id,
    method: method.toUpperCase(),
    pattern,
    noun: (segments.at(-1) ?? path).replace(/^create-/, ''),
  };
});

/** Counts the successful requests that create or delete something, by the kind of thing (path segment). */
export function changeRecorder() {
  const created = new Map<string, number>();
  const deleted = new Map<string, number>();
  const record = (method: string, url: string, status: number) => {
    if (status < 200 || status >= 300) return;
    const pathname = new URL(url).pathname;
    const route = routeList.find((r) => r.method === method && r.pattern.test(pathname));
    if (!route) return;
    const into =
      route.method === 'DELETE' ? deleted : /^(create|batchCreate)/.test(route.id) ? created : undefined;
    into?.set(route.noun, (into.get(route.noun) ?? 0) + 1);
  };
  const report = (baseUrl: string): string[] => {
    if (created.size === 0) return [`Left behind on ${baseUrl}: nothing was created.`];
    const kinds = [...created].map(([noun, n]) => {
      const gone = deleted.get(noun);
      return `  ${noun}: ${n} create requests${gone ? `, ${gone} delete requests` : ''}`;
    });
    return [
      `Left behind on ${baseUrl} (the suite cannot delete everything it made; use a throwaway database):`,
      ...kinds,
    ];
  };
  return { record, report };
}
