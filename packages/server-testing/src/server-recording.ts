/**
 * A HAR 1.2 recording of a reference server's answers, made with a fetch that records each
 * exchange (as a backend's SDK middleware would): for the replay's Done-when, a recording made
 * from the server, not the mock. Two workspaces are made first, outside the recording, so the
 * recorded ids are not a fresh server's; the recording reads nothing it did not make (the list is
 * filtered to its own workspace), so a fresh server answers it as recorded.
 */
export async function serverRecording(baseUrl: string, key: string): Promise<unknown> {
  const entries: unknown[] = [];
  let recording = false;
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const request = new Request(`${baseUrl}/openapi/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const requestText = body === undefined ? undefined : JSON.stringify(body);
    const response = await fetch(request);
    const text = await response.text();
    if (recording) entries.push(harEntry(request, requestText, response, text));
    const envelope = JSON.parse(text) as { data?: Record<string, unknown> };
    return envelope.data ?? {};
  };
  await send('POST', '/workspaces/', { name: 'warm-up 1' });
  await send('POST', '/workspaces/', { name: 'warm-up 2' });
  recording = true;
  const workspace = await send('POST', '/workspaces/', { desc: 'recorded' });
  const ws = String(workspace.id);
  await send('GET', `/workspaces/${ws}/`);
  await send('PUT', `/workspaces/${ws}/`, { date_offset: 3 });
  await send('POST', `/workspaces/${ws}/dimensions/create-dimensions/`, {
    dimensions: [{ type: 'string', format: 'text', names: ['region'] }],
  });
  await send('GET', `/workspaces/${ws}/dimensions/`);
  const preview = await send('POST', `/workspaces/${ws}/management/measures/preview/`, {
    action: 'create',
    changes: { names: ['revenue'] },
  });
  const commit = await send(
    'POST',
    `/workspaces/${ws}/management/measures/`,
    { changes: { names: ['revenue'] }, planToken: preview.planToken },
    { 'idempotency-key': 'recorded-revenue' },
  );
  await send('GET', `/workspaces/${ws}/management/measures/${String(commit.id)}/`);
  await send('GET', `/workspaces/?q=${encodeURIComponent(`Workspace ${ws}`)}`);
  await send('DELETE', `/workspaces/${ws}/`);
  await send('GET', `/workspaces/${ws}/`);
  return { log: { version: '1.2', creator: { name: 'server-recording', version: '1' }, entries } };
}

function harEntry(request: Request, requestText: string | undefined, response: Response, text: string) {
  const headers = (from: Headers) => [...from].map(([name, value]) => ({ name, value }));
  return {
    startedDateTime: new Date().toISOString(),
    time: 0,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      headers: headers(request.headers),
      queryString: [...new URL(request.url).searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: requestText?.length ?? 0,
      ...(requestText === undefined ? {} : { postData: { mimeType: 'application/json', text: requestText } }),
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      httpVersion: 'HTTP/1.1',
      headers: headers(response.headers),
      cookies: [],
      content: { size: text.length, mimeType: response.headers.get('content-type') ?? '', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
  };
}
