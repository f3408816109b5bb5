// The inspector page's script. Written here as one self-contained function (type-checked with the
// DOM types; type imports only, erased from its text) and served as its source text: the package
// ships no separate asset, and the page needs no framework.
import type { MockRequest as Entry } from '../journal/types';
import type { MockActiveOverride as Override } from '../overrides';

/** The script as served: the function's text, run once the page has loaded. */
export function inspectorScriptSource(): string {
  // tsx and vitest compile with esbuild's keepNames, which wraps inner functions in `__name(…)`:
  // the text then needs that helper, a no-op here.
  return `"use strict";\nvar __name = (target) => target;\n(${inspectorScript.toString()})();\n`;
}

/** Runs in the page; everything it uses is inside it. */
function inspectorScript(): void {
  interface State {
    baseUrl: string;
    key: string;
    scenario?: string;
    now: string;
    overrides: Override[];
  }

  const find = <T extends Element>(selector: string): T => {
    const found = document.querySelector<T>(selector);
    if (!found) throw new Error(`inspector: ${selector} is missing from the page`);
    return found;
  };
  const journal = find<HTMLTableSectionElement>('#journal tbody');
  const status = find<HTMLElement>('#status');
  const operationFilter = find<HTMLSelectElement>('#filter-operation');
  const statusFilter = find<HTMLSelectElement>('#filter-status');
  const NO_OPERATION = '(no operation)';
  let generation = -1;
  let lastSeq = 0;
  let shown = 0;
  const operations = new Set<string>();

  function make(tag: string, text?: string, className?: string): HTMLElement {
    const element = document.createElement(tag);
    if (text !== undefined) element.textContent = text;
    if (className) element.className = className;
    return element;
  }
  const pretty = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value, null, 2));
  const cellText = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

  function say(text: string, isError = false): void {
    status.textContent = text;
    status.classList.toggle('error', isError);
  }

  async function api<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(`api/${path}`, { cache: 'no-store', ...init });
    const body = (await response.json()) as T & { errmsg?: string };
    if (!response.ok) throw new Error(body.errmsg ?? `${path} answered ${response.status}`);
    return body;
  }
  const post = <T>(path: string, body: string) =>
    api<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

  function section(title: string, value: unknown): HTMLElement[] {
    return [make('h4', title), make('pre', pretty(value))];
  }

  function detailOf(entry: Entry): HTMLElement {
    const cell = make('td', undefined, 'detail');
    (cell as HTMLTableCellElement).colSpan = 9;
    const { answer } = entry;
    cell.append(
      ...section(`Request: ${entry.method} ${entry.url}`, {
        params: entry.params,
        query: entry.query,
        headers: entry.headers,
      }),
      ...section('Request body', entry.body),
      ...section(`Answer: ${answer.status}${entry.overridden ? ' (override)' : ''}`, answer.headers),
      ...section(
        'Answer body',
        // An error shows the journal's answer record (status, errcode, errmsg, data), not its data alone.
        answer.errcode === undefined || answer.errcode === 200
          ? answer.data
          : { ...answer, headers: undefined },
      ),
      ...section(
        `Changes (${entry.changes.length})`,
        entry.changes.map((change) => ({
          [`${change.action} ${change.kind} ${change.id}`]: { before: change.before, after: change.after },
        })),
      ),
    );
    const row = make('tr', undefined, 'detail-row');
    row.append(cell);
    return row;
  }

  function matches(row: HTMLElement): boolean {
    const operation = operationFilter.value;
    const wanted = statusFilter.value;
    if (operation && row.dataset.operation !== operation) return false;
    if (wanted === 'overridden') return row.dataset.overridden === 'true';
    return !wanted || (row.dataset.status ?? '').startsWith(wanted);
  }

  function applyFilters(): void {
    shown = 0;
    for (const row of journal.querySelectorAll<HTMLElement>('tr.entry')) {
      const visible = matches(row);
      if (visible) shown += 1;
      row.classList.toggle('hidden', !visible);
      const next = row.nextElementSibling;
      if (next?.classList.contains('detail-row')) next.classList.toggle('hidden', !visible);
    }
    const total = journal.querySelectorAll('tr.entry').length;
    find('#journal-count').textContent = shown === total ? `(${total})` : `(${shown} of ${total})`;
    find('#journal-empty').classList.toggle('hidden', total > 0);
  }

  function addOperation(name: string): void {
    if (operations.has(name)) return;
    operations.add(name);
    const option = make('option', name) as HTMLOptionElement;
    option.value = name;
    const after = [...operationFilter.options].slice(1).find((existing) => existing.value > name);
    operationFilter.insertBefore(option, after ?? null);
  }

  function addEntry(entry: Entry): void {
    const operation = entry.operationId ?? NO_OPERATION;
    addOperation(operation);
    const row = make('tr', undefined, `entry status-${String(entry.answer.status).charAt(0)}`);
    row.dataset.seq = String(entry.seq);
    row.dataset.operation = operation;
    row.dataset.status = String(entry.answer.status);
    row.dataset.overridden = String(entry.overridden);
    const cells: Array<[string, string?]> = [
      [String(entry.seq)],
      [entry.startedAt.slice(11, 23)],
      [entry.method],
      [entry.path],
      [operation],
      [`${entry.answer.status}${entry.overridden ? ' (override)' : ''}`, 'status'],
      [entry.answer.errcode === 200 ? '' : (entry.answer.errmsg ?? '')],
      [entry.durationMs.toFixed(1)],
      [String(entry.changes.length)],
    ];
    for (const [text, className] of cells) row.append(make('td', text, className));
    row.addEventListener('click', () => {
      const next = row.nextElementSibling;
      if (next?.classList.contains('detail-row')) next.remove();
      else row.after(detailOf(entry));
    });
    journal.append(row);
  }

  async function readJournal(): Promise<boolean> {
    const got = await api<{ generation: number; fromStart: boolean; entries: Entry[] }>(
      `journal?after=${lastSeq}&generation=${generation}`,
    );
    if (got.fromStart) {
      journal.replaceChildren();
      lastSeq = 0;
    }
    generation = got.generation;
    for (const entry of got.entries) {
      addEntry(entry);
      lastSeq = Math.max(lastSeq, entry.seq);
    }
    applyFilters();
    return got.fromStart || got.entries.length > 0;
  }

  function showState(state: State): void {
    find('#where').textContent =
      `${state.baseUrl} · key ${state.key}${state.scenario ? ` · scenario ${state.scenario}` : ''}`;
    const clock = find<HTMLTimeElement>('#clock');
    clock.textContent = state.now;
    clock.dateTime = state.now;
    const list = find('#overrides');
    if (state.overrides.length === 0) {
      list.replaceChildren(make('p', 'None: the app answers every operation.', 'empty'));
      return;
    }
    list.replaceChildren(
      grid(
        state.overrides.map((override) => ({
          operation: override.operationId,
          kind: override.kind,
          answer: override.errcode ?? (override.delayMs === undefined ? '' : `after ${override.delayMs} ms`),
          remaining: override.remaining ?? 'until reset',
        })),
      ),
    );
  }

  function grid(rows: ReadonlyArray<Record<string, unknown>>): HTMLElement {
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const table = make('table');
    const head = make('tr');
    for (const column of columns) head.append(make('th', column));
    table.append(make('thead'), make('tbody'));
    table.firstElementChild?.append(head);
    for (const row of rows) {
      const line = make('tr');
      for (const column of columns) line.append(make('td', cellText(row[column]), 'cell'));
      table.lastElementChild?.append(line);
    }
    return table;
  }

  async function readTables(): Promise<void> {
    const tables = await api<Record<string, Array<Record<string, unknown>>>>('tables');
    for (const part of document.querySelectorAll<HTMLElement>('section.table')) {
      const rows = tables[part.dataset.table ?? ''] ?? [];
      const count = part.querySelector('.count');
      if (count) count.textContent = `(${rows.length})`;
      part
        .querySelector('.rows')
        ?.replaceChildren(rows.length === 0 ? make('p', 'No rows.', 'empty') : grid(rows));
    }
  }

  // One thing at a time: a poll never overlaps an action, so the page never shows a half state.
  let queue: Promise<unknown> = Promise.resolve();
  function run(task: () => Promise<void>): Promise<void> {
    const next = queue
      .then(task)
      .catch((error: unknown) => say(String((error as Error).message ?? error), true));
    queue = next;
    return next;
  }
  const refresh = (tablesToo: boolean) => async () => {
    const changed = await readJournal();
    showState(await api<State>('state'));
    if (changed || tablesToo) await readTables();
  };

  find('#reset').addEventListener('click', () =>
    run(async () => {
      await post('reset', '{}');
      await refresh(true)();
      say('Reset: back to the scenario.');
    }),
  );
  find<HTMLInputElement>('#restore-file').addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    void run(async () => {
      await post('restore', await file.text());
      input.value = '';
      await refresh(true)();
      say(`Restored ${file.name}.`);
    });
  });
  find('#advance').addEventListener('click', () =>
    run(async () => {
      const seconds = Number(find<HTMLInputElement>('#advance-seconds').value);
      const state = await post<State>('clock', JSON.stringify({ advanceSeconds: seconds }));
      showState(state);
      say(`Clock advanced by ${seconds} s.`);
    }),
  );
  operationFilter.addEventListener('change', applyFilters);
  statusFilter.addEventListener('change', applyFilters);

  const poll = () => {
    void run(refresh(false)).then(() => setTimeout(poll, 1000));
  };
  void run(refresh(true)).then(() => setTimeout(poll, 1000));
}
