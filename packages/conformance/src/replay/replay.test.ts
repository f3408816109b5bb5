import { gzipSync } from 'node:zlib';
import { createMock, MOCK_BASE_URL, MOCK_KEY } from '@wsadmin/mock';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API, recording } from '../../test/mock-recording';
import { RecordingError } from './har-reader';
import { replayRecording } from './replay';

let recorded: Promise<string> | undefined;
/** The recording is made once per file: most of this file's time is the recording mock's. */
const recordingOnce = () => {
  recorded ??= recording();
  return recorded;
};

const pathsOf = (har: string) =>
  (
    JSON.parse(har) as { log: { entries: Array<{ request: { method: string; url: string } }> } }
  ).log.entries.map(({ request }) => `${request.method} ${new URL(request.url).pathname}`);

const freshMock = () => {
  const mock = createMock();
  return {
    mock,
    target: { baseUrl: MOCK_BASE_URL, key: MOCK_KEY, fetch: (request: Request) => mock.fetch(request) },
  };
};

describe('replayRecording', () => {
  it('replays create, read, update, delete, a batch and a preview -> commit on a fresh mock with no difference', async () => {
    const har = await recordingOnce();
    const { mock, target } = freshMock();
    const result = await replayRecording(har, target);
    expect(result.problems).toEqual([]);
    // The recording's workspace 5 is the replay's workspace 1: paths and bodies were mapped.
    const recordedPaths = pathsOf(har);
    const replayedPaths = pathsOf(JSON.stringify(mock.har()));
    expect(recordedPaths[2]).toBe('PUT /openapi/v1/workspaces/5/');
    expect(replayedPaths[2]).toBe('PUT /openapi/v1/workspaces/1/');
    expect(replayedPaths).toHaveLength(recordedPaths.length);
    expect(result.replayed.map((entry) => entry.operationId)).toEqual([
      'createWorkspace',
      'getWorkspace',
      'updateWorkspace',
      'createWorkspace',
      'deleteWorkspace',
      'getWorkspace',
      'createWorkspaces',
      'updateWorkspaces',
      'previewMeasureChange',
      'createManagedMeasure',
      'getManagedMeasure',
      'previewMeasureChange',
      'updateManagedMeasure',
      'getManagementOperation',
      'listWorkspaces',
    ]);
    expect(result.replayed.flatMap((entry) => entry.differences)).toEqual([]);
  });

  describe('on an edited recording', () => {
    let har: string;
    beforeAll(async () => {
      har = await recordingOnce();
    });

    it('reports exactly a changed default, errcode and field, and an undocumented field as outside the document', async () => {
      const edited = JSON.parse(har) as HarJson;
      editAnswer(edited, 0, (body) => {
        (body.data as Record<string, unknown>).date_offset = 0;
      });
      editAnswer(edited, 1, (body) => {
        (body.data as Record<string, unknown>).desc = 'not what the mock says';
      });
      editAnswer(edited, 5, (body) => {
        body.errcode = 410;
      });
      editAnswer(edited, 14, (body) => {
        (body.data as Array<Record<string, unknown>>)[0] = { ...(body.data as object[])[0], owner: 'ops' };
      });
      const result = await replayRecording(JSON.stringify(edited), freshMock().target);
      const differences = result.replayed.flatMap((entry) =>
        entry.differences.map(({ kind, at }) => ({ index: entry.index, kind, at })),
      );
      expect(differences).toEqual([
        { index: 0, kind: 'value', at: 'data.date_offset' },
        { index: 1, kind: 'value', at: 'data.desc' },
        { index: 5, kind: 'errcode', at: 'errcode' },
        { index: 14, kind: 'outside-document', at: 'data[0].owner' },
      ]);
    });

    it('reads gzip and base64 bodies as HAR encodes them', async () => {
      const encoded = JSON.parse(har) as HarJson;
      for (const entry of encoded.log.entries) {
        entry.response.content.text = gzipSync(entry.response.content.text ?? '').toString('base64');
        entry.response.content.encoding = 'base64';
      }
      const result = await replayRecording(JSON.stringify(encoded), freshMock().target);
      expect(result.problems).toEqual([]);
      expect(result.replayed).toHaveLength(15);
      expect(result.replayed.flatMap((entry) => entry.differences)).toEqual([]);
    });

    it('names the index and URL of each bad entry, skips other services, and replays nothing twice', async () => {
      const bad = JSON.parse(har) as HarJson;
      const list = bad.log.entries[14];
      if (list === undefined) throw new Error('the recording has no list entry');
      const copy = (edit: (entry: HarEntryJson) => void) => {
        const entry = JSON.parse(JSON.stringify(list)) as HarEntryJson;
        edit(entry);
        bad.log.entries.push(entry);
      };
      copy((entry) => {
        delete (entry as Partial<HarEntryJson>).response;
      });
      copy((entry) => {
        entry.response.content.text = '<html>proxy error</html>';
      });
      copy((entry) => {
        entry.request.url = `${API}/no-such-thing/`;
      });
      copy((entry) => {
        entry.request.url = 'https://cdn.example.com/app.js';
      });
      const { target } = freshMock();
      const fetch = vi.fn(target.fetch);
      const result = await replayRecording(JSON.stringify(bad), { ...target, fetch });
      expect(result.problems).toEqual([
        { index: 15, url: `${API}/workspaces/`, problem: expect.stringContaining('no response') },
        { index: 16, url: `${API}/workspaces/`, problem: expect.stringContaining('not JSON') },
        { index: 17, url: `${API}/no-such-thing/`, problem: expect.stringContaining('unknown path') },
      ]);
      expect(result.skipped).toEqual([
        {
          index: 18,
          method: 'GET',
          url: 'https://cdn.example.com/app.js',
          why: 'not a request of this service',
        },
      ]);
      expect(fetch).toHaveBeenCalledTimes(15);
      expect(new Set(result.replayed.map((entry) => entry.index)).size).toBe(15);
    });
  });

  it('refuses a recording that is not a HAR, naming why', async () => {
    const { target } = freshMock();
    await expect(replayRecording('{"log":', target)).rejects.toThrow(RecordingError);
    await expect(replayRecording('{"log":', target)).rejects.toThrow('the recording is not JSON');
    await expect(replayRecording('{"log":{"version":"1.2"}}', target)).rejects.toThrow('no log.entries list');
  });

  it("sends the key it is given, never the recording's credentials", async () => {
    const recorded = {
      log: {
        entries: [
          {
            request: {
              method: 'GET',
              url: `${API}/workspaces/`,
              headers: [
                { name: 'Authorization', value: 'Bearer recorded-secret' },
                { name: 'Cookie', value: 'sid=1' },
              ],
            },
            response: {
              status: 200,
              content: { text: JSON.stringify({ errcode: 200, errmsg: 'success', data: [] }) },
            },
          },
        ],
      },
    };
    const { target } = freshMock();
    const seen: Array<[string | null, string | null]> = [];
    const result = await replayRecording(JSON.stringify(recorded), {
      ...target,
      fetch: (request) => {
        seen.push([request.headers.get('authorization'), request.headers.get('cookie')]);
        return target.fetch(request);
      },
    });
    expect(seen).toEqual([[`Bearer ${MOCK_KEY}`, null]]);
    expect(JSON.stringify(result)).not.toContain('recorded-secret');
  });
});

interface HarEntryJson {
  request: { method: string; url: string };
  response: { status: number; content: { text?: string; encoding?: string } };
}
interface HarJson {
  log: { entries: HarEntryJson[] };
}

function editAnswer(har: HarJson, index: number, edit: (body: Record<string, unknown>) => void): void {
  const content = har.log.entries[index]?.response.content;
  if (content?.text === undefined) throw new Error(`entry ${index} has no answer`);
  const body = JSON.parse(content.text) as Record<string, unknown>;
  edit(body);
  content.text = JSON.stringify(body);
}
