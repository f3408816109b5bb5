// A page that talks to the service through the SDK; in this example the MSW worker of
// @wsadmin/mock answers, running the reference server's own code in the browser.
import { MOCK_BASE_URL, MOCK_KEY, startMockWorker } from '@wsadmin/mock/browser';
import { createClient, isApiError } from '@wsadmin/sdk';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = byId<HTMLParagraphElement>('status');
const workspaceList = byId<HTMLUListElement>('workspaces');
const dimensionList = byId<HTMLUListElement>('dimensions');
const dimensionsSection = byId<HTMLElement>('dimensions-section');
const workspaceName = byId<HTMLInputElement>('workspace-name');
const dimensionKeyword = byId<HTMLInputElement>('dimension-keyword');

const client = createClient({ baseUrl: MOCK_BASE_URL, key: MOCK_KEY });
let selected: { id: number; name: string } | undefined;

async function showWorkspaces(): Promise<void> {
  const workspaces = await client.workspaces.list();
  workspaceList.replaceChildren(
    ...workspaces.map((workspace) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = workspace.name;
      button.dataset.workspaceId = String(workspace.id);
      button.setAttribute('aria-current', String(workspace.id === selected?.id));
      button.addEventListener('click', () => run(() => select(workspace)));
      const item = document.createElement('li');
      item.append(button);
      return item;
    }),
  );
}

async function select(workspace: { id: number; name: string }): Promise<void> {
  selected = { id: workspace.id, name: workspace.name };
  byId('selected-workspace').textContent = workspace.name;
  dimensionsSection.hidden = false;
  await Promise.all([showWorkspaces(), showDimensions()]);
}

async function showDimensions(): Promise<void> {
  if (!selected) return;
  const dimensions = await client.dimensions.list(selected.id);
  dimensionList.replaceChildren(
    ...dimensions.map((dimension) => {
      const item = document.createElement('li');
      item.textContent = `${dimension.names[0] ?? ''} (${dimension.type})`;
      return item;
    }),
  );
}

/** Runs an action and reports its outcome in the status line. */
async function run(action: () => Promise<void>): Promise<void> {
  status.textContent = 'Working…';
  try {
    await action();
    status.textContent = 'Ready';
  } catch (error) {
    status.textContent = isApiError(error) ? `Error ${error.errcode}: ${error.errmsg}` : String(error);
  }
}

byId<HTMLFormElement>('workspace-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void run(async () => {
    const created = await client.workspaces.create({ name: workspaceName.value });
    workspaceName.value = '';
    await select(created);
  });
});

byId<HTMLFormElement>('dimension-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void run(async () => {
    if (!selected) throw new Error('select a workspace first');
    await client.dimensions.create(selected.id, [
      { type: 'string', format: 'text', names: [dimensionKeyword.value] },
    ]);
    dimensionKeyword.value = '';
    await showDimensions();
  });
});

void run(async () => {
  await startMockWorker({ seed: { workspaces: [{ name: 'Demo' }] } });
  await showWorkspaces();
});
