import { useIsFetching, useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '@wsadmin/sdk';
import type { WsadminQueries } from '@wsadmin/sdk/query';
import { type FormEvent, useState } from 'react';

/** `Error 409: …` for an ApiError, the message otherwise. */
const explain = (error: Error | null) =>
  error && (isApiError(error) ? `Error ${error.errcode}: ${error.errmsg}` : error.message);

/** Reads the text field of a submitted form and clears it. */
function take(event: FormEvent<HTMLFormElement>, field: string): string {
  event.preventDefault();
  const input = event.currentTarget.elements.namedItem(field) as HTMLInputElement;
  const value = input.value;
  input.value = '';
  return value;
}

export function App({ q }: { q: WsadminQueries }) {
  const [selected, setSelected] = useState<number>();
  const workspaces = useQuery(q.workspaces.list());
  const create = useMutation(q.workspaces.create());
  const fetching = useIsFetching();
  return (
    <main>
      <h1>Workspaces</h1>
      <p role="status">{fetching > 0 || workspaces.isPending ? 'Loading…' : 'Ready'}</p>
      <form
        onSubmit={(event) =>
          create.mutate({ name: take(event, 'name') }, { onSuccess: (w) => setSelected(w.id) })
        }
      >
        <input name="name" placeholder="Workspace name" required />
        <button type="submit">Create workspace</button>
      </form>
      {workspaces.error && (
        <p id="workspaces-error">
          {explain(workspaces.error)}{' '}
          <button type="button" onClick={() => workspaces.refetch()}>
            Try again
          </button>
        </p>
      )}
      <ul id="workspaces">
        {workspaces.data?.map((workspace) => (
          <li key={workspace.id}>
            <button
              type="button"
              aria-current={workspace.id === selected}
              onClick={() => setSelected(workspace.id)}
            >
              {workspace.name}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => setSelected(99)}>
        Open workspace 99
      </button>
      {selected !== undefined && <Workspace key={selected} q={q} id={selected} />}
    </main>
  );
}

function Workspace({ q, id }: { q: WsadminQueries; id: number }) {
  const workspace = useQuery(q.workspaces.get(id));
  const rename = useMutation(q.workspaces.update(id));
  const dimensions = useQuery(q.dimensions.list(id));
  const addDimension = useMutation(q.dimensions.create(id));
  if (workspace.error) return <p id="workspace-error">{explain(workspace.error)}</p>;
  return (
    <section>
      <h2 id="selected-workspace">{workspace.data?.name}</h2>
      <form onSubmit={(event) => rename.mutate({ name: take(event, 'name') })}>
        <input name="name" placeholder="New name" required />
        <button type="submit">Rename</button>
      </form>
      <h3>Dimensions</h3>
      <form
        onSubmit={(event) =>
          addDimension.mutate([{ type: 'string', format: 'text', names: [take(event, 'keyword')] }])
        }
      >
        <input name="keyword" placeholder="Dimension keyword" required />
        <button type="submit">Add dimension</button>
      </form>
      <p id="write-error">{explain(rename.error ?? addDimension.error)}</p>
      <ul id="dimensions">
        {dimensions.data?.map((dimension) => (
          <li key={dimension.id}>{`${dimension.names[0] ?? ''} (${dimension.type})`}</li>
        ))}
      </ul>
    </section>
  );
}
