/**
 * The concurrency drill of issue 34: many clients write at once through two isolates of one Worker
 * deployment over one database, some in all-or-nothing batches that fail on their last item, the
 * rest in writes that are acknowledged (200). Afterwards every acknowledged write must be there
 * with the content it was acknowledged with, and no failed batch may have left anything behind.
 * The plan is fixed by a seed (what is sent, and through which isolate); the timing is not: every
 * request is in flight at once. The setups (which Worker, which database) are
 * consumer/workers-drill-setups.ts; the test is consumer/workers-concurrency.test.ts.
 */
import { type OperationId, operations, readEnvelope } from '@wsadmin/contract';

/** One way into the deployment: a request sent through it reaches one isolate. */
export type DrillFetch = (url: string, init: RequestInit) => Promise<Response>;

/** A deployment started for the drill, on a fresh database. */
export interface DrillTarget {
  /** Two isolates of the deployment, sharing its database. */
  isolates: readonly [DrillFetch, DrillFetch];
  /** An unrestricted key (the bootstrap key). */
  key: string;
  stop(): Promise<void>;
}

export interface DrillOptions {
  seed?: number;
  /** Requests sent at once (the seeding and the read-back come on top). Default 240. */
  requests?: number;
}

export type ViolationKind =
  | 'vanished' // an acknowledged write is not there
  | 'changed' // it is there, but not with the content it was acknowledged with
  | 'left-behind' // a failed batch's write is there
  | 'unexpected-answer'; // an answer other than the plan's: neither acknowledged nor the planned refusal

export interface Violation {
  kind: ViolationKind;
  /** The step of the plan, e.g. `#17 createAccounts via b`. */
  step: string;
  detail: string;
}

export interface DrillReport {
  seed: number;
  requests: number;
  /** How the concurrent requests were answered: `createAccounts 409` → count. */
  answers: Record<string, number>;
  violations: Violation[];
  elapsedMs: number;
}

interface AccountItem {
  uid: string;
  username: string;
  nickname: string;
}

type Step = { isolate: 0 | 1 } & (
  | { op: 'createAccount'; account: AccountItem }
  /** Fails (409) when the last item repeats the first's username: the earlier items were written by then. */
  | { op: 'createAccounts'; accounts: AccountItem[]; fails: boolean }
  | { op: 'createWorkspace'; name: string; desc: string }
  /** `seed`: the index of a seeded workspace, written by this step only. */
  | { op: 'updateWorkspace'; seed: number; desc: string }
  /** Seeded workspaces of the failing pool, then an id that does not exist: 404 after the others were updated. */
  | { op: 'updateWorkspaces'; seeds: number[]; desc: string }
);

const MISSING_WORKSPACE = 2_000_000_000;
/** Seeded workspaces that only failing batches touch: they must keep their seeded content. */
const FAILING_POOL = 24;

/**
 * The plan's mix, out of every 20 requests: single writes and batches that succeed (acknowledged),
 * account batches of 5 to 13 items whose last repeats the first's username (409), and workspace
 * batches whose last id does not exist (404). Every statement of a batch awaits D1, so the other
 * isolate's statements come between them.
 */
const MIX = {
  createAccount: 5,
  createAccounts: 2,
  failingAccounts: 4,
  createWorkspace: 3,
  updateWorkspace: 3,
  updateWorkspaces: 3,
};

/** mulberry32: a small PRNG, so a seed fixes the plan. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The plan: `requests` steps in a shuffled order, each through a chosen isolate. */
export function planDrill(seed: number, requests: number) {
  const next = random(seed);
  const pick = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  const hex = (length: number) => Array.from({ length }, () => pick(0, 15).toString(16)).join('');
  let accounts = 0;
  const account = (): AccountItem => {
    accounts += 1;
    const variant = '89ab'[pick(0, 3)];
    return {
      uid: `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`,
      username: `drill${seed}-${accounts}`,
      nickname: `drill ${seed} account ${accounts}`,
    };
  };
  let updatedSeeds = 0;
  const kinds = Object.entries(MIX).flatMap(([kind, count]) => Array<string>(count).fill(kind));
  const steps: Step[] = [];
  for (let index = 0; index < requests; index++) {
    const isolate = pick(0, 1) as 0 | 1;
    const kind = kinds[index % kinds.length];
    if (kind === 'createAccount') steps.push({ isolate, op: 'createAccount', account: account() });
    else if (kind === 'createAccounts' || kind === 'failingAccounts') {
      const fails = kind === 'failingAccounts';
      const items = Array.from({ length: fails ? pick(4, 12) : pick(2, 4) }, account);
      const first = items[0] as AccountItem;
      if (fails) items.push({ ...account(), username: first.username });
      steps.push({ isolate, op: 'createAccounts', accounts: items, fails });
    } else if (kind === 'createWorkspace') steps.push({ isolate, op: 'createWorkspace', name: '', desc: '' });
    else if (kind === 'updateWorkspace')
      steps.push({ isolate, op: 'updateWorkspace', seed: FAILING_POOL + updatedSeeds++, desc: '' });
    else {
      const seeds = [...new Set(Array.from({ length: pick(3, 8) }, () => pick(0, FAILING_POOL - 1)))];
      steps.push({ isolate, op: 'updateWorkspaces', seeds, desc: '' });
    }
  }
  // Fisher–Yates: the kinds interleave in an order of the seed's.
  for (let index = steps.length - 1; index > 0; index--) {
    const other = pick(0, index);
    [steps[index], steps[other]] = [steps[other] as Step, steps[index] as Step];
  }
  // What a workspace step writes names the step by its place in the shuffled plan, as reports do.
  steps.forEach((step, index) => {
    if (step.op === 'createWorkspace') step.name = `drill ${seed} ws ${index}`;
    if ('desc' in step) step.desc = `${step.op === 'updateWorkspaces' ? 'failed ' : ''}step ${index}`;
  });
  return { steps, seededWorkspaces: FAILING_POOL + updatedSeeds };
}

interface Answer {
  status: number;
  data: unknown;
  errmsg: string;
}

/** Calls an operation by its id through one isolate; path values fill the contract's template. */
function caller(target: DrillTarget) {
  return async (
    isolate: 0 | 1,
    id: OperationId,
    params: Record<string, string | number>,
    body?: unknown,
  ): Promise<Answer> => {
    const { method, path } = operations[id];
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
    const response = await target.isolates[isolate](`http://wsadmin.drill${filled}`, {
      method: method.toUpperCase(),
      headers: { authorization: `Bearer ${target.key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let envelope: ReturnType<typeof readEnvelope>;
    try {
      envelope = readEnvelope(JSON.parse(text));
    } catch {
      envelope = undefined;
    }
    return { status: response.status, data: envelope?.data, errmsg: envelope?.errmsg ?? text.slice(0, 200) };
  };
}

interface WorkspaceRow {
  id: number;
  name: string;
  desc: string;
}
interface AccountRow {
  uid: string;
  username: string;
  nickname: string;
}

/**
 * Runs the drill on a deployment `start` gives (and stops it): seeds workspaces through isolate a,
 * sends the plan's requests all at once, reads everything back through isolate a, and checks.
 */
export async function runWorkersDrill(
  start: () => Promise<DrillTarget>,
  options: DrillOptions = {},
): Promise<DrillReport> {
  const seed = options.seed ?? 34;
  const { steps, seededWorkspaces } = planDrill(seed, options.requests ?? 240);
  const target = await start();
  try {
    const call = caller(target);
    const seeding = await call(
      0,
      'createWorkspaces',
      {},
      {
        workspaces: Array.from({ length: seededWorkspaces }, (_, index) => ({
          name: `drill ${seed} seed ${index}`,
          desc: 'seeded',
        })),
      },
    );
    if (seeding.status !== 200) throw new Error(`seeding answered ${seeding.status}: ${seeding.errmsg}`);
    const seeded = (seeding.data as WorkspaceRow[]).map((row) => row.id);
    const began = performance.now();
    const answers = await Promise.all(
      steps.map((step) => {
        if (step.op === 'createAccount') return call(step.isolate, step.op, {}, step.account);
        if (step.op === 'createAccounts') return call(step.isolate, step.op, {}, { accounts: step.accounts });
        if (step.op === 'createWorkspace')
          return call(step.isolate, step.op, {}, { name: step.name, desc: step.desc });
        if (step.op === 'updateWorkspace')
          return call(
            step.isolate,
            step.op,
            { workspaceId: seeded[step.seed] as number },
            { desc: step.desc },
          );
        const items = step.seeds.map((index) => ({ id: seeded[index] as number, desc: step.desc }));
        return call(step.isolate, step.op, {}, { workspaces: [...items, { id: MISSING_WORKSPACE }] });
      }),
    );
    const elapsedMs = Math.round(performance.now() - began);
    const [accountList, workspaceList] = await Promise.all([
      call(0, 'listAccounts', {}),
      call(0, 'listWorkspaces', {}),
    ]);
    if (accountList.status !== 200 || workspaceList.status !== 200)
      throw new Error(`the read-back answered ${accountList.status} and ${workspaceList.status}`);
    const violations = check(
      seed,
      steps,
      answers,
      seeded,
      accountList.data as AccountRow[],
      workspaceList.data as WorkspaceRow[],
    );
    const counts: Record<string, number> = {};
    steps.forEach((step, index) => {
      const name = `${step.op === 'createAccounts' && step.fails ? 'createAccounts (failing)' : step.op} ${answers[index]?.status}`;
      counts[name] = (counts[name] ?? 0) + 1;
    });
    return { seed, requests: steps.length, answers: counts, violations, elapsedMs };
  } finally {
    await target.stop();
  }
}

/** Every step's answer against the plan, and every acknowledged or failed write against the rows read back. */
function check(
  seed: number,
  steps: readonly Step[],
  answers: readonly Answer[],
  seeded: readonly number[],
  accountRows: readonly AccountRow[],
  workspaceRows: readonly WorkspaceRow[],
): Violation[] {
  const violations: Violation[] = [];
  const found = (kind: ViolationKind, step: string, detail: string) =>
    violations.push({ kind, step, detail });
  const accountsByUid = new Map(accountRows.map((row) => [row.uid, row]));
  const workspacesById = new Map(workspaceRows.map((row) => [row.id, row]));
  const labels = steps.map((step, index) => {
    const failing = step.op === 'createAccounts' && step.fails ? ' (failing)' : '';
    return `#${index} ${step.op}${failing} via ${'ab'[step.isolate]}`;
  });
  const accountAcknowledged = (step: string, wanted: AccountItem) => {
    const row = accountsByUid.get(wanted.uid);
    if (!row) found('vanished', step, `account ${wanted.uid} (${wanted.username})`);
    else if (row.username !== wanted.username || row.nickname !== wanted.nickname)
      found('changed', step, `account ${wanted.uid} is ${row.username}, acknowledged as ${wanted.username}`);
  };
  const workspaceAcknowledged = (step: string, id: number, name: string, desc: string) => {
    const row = workspacesById.get(id);
    if (!row) found('vanished', step, `workspace ${id} ("${name}", "${desc}")`);
    else if (row.name !== name || row.desc !== desc)
      found(
        'changed',
        step,
        `workspace ${id} is "${row.name}", "${row.desc}"; acknowledged "${name}", "${desc}"`,
      );
  };
  steps.forEach((step, index) => {
    const answer = answers[index] as Answer;
    const label = labels[index] as string;
    const planned =
      step.op === 'updateWorkspaces' ? 404 : step.op === 'createAccounts' && step.fails ? 409 : 200;
    if (answer.status !== planned)
      found('unexpected-answer', label, `${answer.status} (planned ${planned}): ${answer.errmsg}`);
    if (answer.status === 200) {
      if (step.op === 'createAccount') accountAcknowledged(label, step.account);
      if (step.op === 'createAccounts') for (const item of step.accounts) accountAcknowledged(label, item);
      if (step.op === 'createWorkspace')
        workspaceAcknowledged(label, (answer.data as WorkspaceRow).id, step.name, step.desc);
      if (step.op === 'updateWorkspace')
        workspaceAcknowledged(
          label,
          seeded[step.seed] as number,
          `drill ${seed} seed ${step.seed}`,
          step.desc,
        );
    } else if (answer.status === planned && step.op === 'createAccounts') {
      for (const item of step.accounts)
        if (accountsByUid.has(item.uid))
          found('left-behind', label, `account ${item.uid} (${item.username})`);
    }
  });
  // The failing pool: only failed batches wrote there, so every workspace must be as seeded.
  for (let index = 0; index < FAILING_POOL; index++) {
    const id = seeded[index] as number;
    const row = workspacesById.get(id);
    if (!row) found('vanished', 'seeding', `workspace ${id} ("drill ${seed} seed ${index}")`);
    else if (row.desc !== 'seeded') {
      const writer = /^failed step (\d+)$/.exec(row.desc)?.[1];
      found('left-behind', labels[Number(writer)] ?? 'unknown', `workspace ${id} has desc "${row.desc}"`);
    }
  }
  return violations;
}

/** The report as printed: the answers, then the violations by kind (at most `perKind` of each). */
export function formatReport(name: string, report: DrillReport, perKind = Number.POSITIVE_INFINITY): string {
  const answers = Object.entries(report.answers).sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    `workers drill on ${name}: seed ${report.seed}, ${report.requests} requests at once through workers a and b, ${report.elapsedMs} ms`,
    `answers: ${answers.map(([answer, count]) => `${answer} ×${count}`).join(', ')}`,
  ];
  const kinds = [...new Set(report.violations.map((violation) => violation.kind))];
  const ofKind = (kind: ViolationKind) => report.violations.filter((violation) => violation.kind === kind);
  const counts = kinds.map((kind) => `${kind} ${ofKind(kind).length}`).join(', ');
  lines.push(
    report.violations.length === 0
      ? 'violations: none'
      : `violations: ${report.violations.length} (${counts})`,
  );
  for (const kind of kinds) {
    const all = ofKind(kind);
    for (const violation of all.slice(0, perKind))
      lines.push(`  ${kind}: ${violation.step}: ${violation.detail}`);
    if (all.length > perKind) lines.push(`  … and ${all.length - perKind} more ${kind}`);
  }
  return lines.join('\n');
}
