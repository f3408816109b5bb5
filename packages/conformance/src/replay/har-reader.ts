import { gunzipSync } from 'node:zlib';

/** A HAR the replay cannot read at all (not JSON, no `log.entries`): nothing is replayed. */
export class RecordingError extends Error {
  override name = 'RecordingError';
}

/** One request of the recording with its recorded answer, bodies decoded to text. */
export interface RecordedExchange {
  /** The entry's index in `log.entries` (0-based), named by every message about it. */
  index: number;
  method: string;
  url: string;
  /** Request headers by lower-case name, as recorded (secrets included: never print them). */
  headers: Readonly<Record<string, string>>;
  body?: string;
  status: number;
  answerText: string;
}

/** An entry the replay could not use: named by index and URL. */
export interface EntryProblem {
  index: number;
  url: string;
  problem: string;
}

interface HarHeader {
  name: string;
  value: string;
}

/** Every entry of a HAR 1.2 text, decoded, or the problem that keeps one from being replayed. */
export function readHar(text: string): Array<RecordedExchange | EntryProblem> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RecordingError(`the recording is not JSON: ${(error as Error).message}`);
  }
  const entries = (parsed as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) {
    throw new RecordingError('the recording is not a HAR: it has no log.entries list');
  }
  return entries.map((entry, index) => readEntry(entry, index));
}

function readEntry(entry: unknown, index: number): RecordedExchange | EntryProblem {
  const record = isObject(entry) ? entry : {};
  const request = isObject(record.request) ? record.request : undefined;
  const url = typeof request?.url === 'string' ? request.url : '(no URL)';
  const problem = (text: string): EntryProblem => ({ index, url, problem: text });
  if (request === undefined || typeof request.method !== 'string' || typeof request.url !== 'string') {
    return problem('the entry has no request with a method and a URL');
  }
  const response = isObject(record.response) ? record.response : undefined;
  if (response === undefined || typeof response.status !== 'number' || response.status === 0) {
    return problem('the entry has no response (the request failed or was not answered when recorded)');
  }
  const content = isObject(response.content) ? response.content : {};
  const answer = decodedText(content.text, content.encoding, headerMap(response.headers)['content-encoding']);
  if (answer instanceof Error) return problem(`its response body cannot be decoded: ${answer.message}`);
  const postData = isObject(request.postData) ? request.postData : undefined;
  const body = postData === undefined ? undefined : decodedText(postData.text, postData.encoding, undefined);
  if (body instanceof Error) return problem(`its request body cannot be decoded: ${body.message}`);
  return {
    index,
    method: request.method.toUpperCase(),
    url,
    headers: headerMap(request.headers),
    ...(body === undefined || body === '' ? {} : { body }),
    status: response.status,
    answerText: answer ?? '',
  };
}

/** HAR keeps binary bodies as base64 (`encoding`); some exporters keep a gzip body compressed. */
function decodedText(
  text: unknown,
  encoding: unknown,
  contentEncoding: string | undefined,
): string | undefined | Error {
  if (typeof text !== 'string') return undefined;
  if (encoding === undefined || encoding === '') return text;
  if (encoding !== 'base64') return new Error(`unknown encoding ${JSON.stringify(encoding)}`);
  const bytes = Buffer.from(text, 'base64');
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  try {
    return (gzipped || contentEncoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (error) {
    return new Error(`gzip: ${(error as Error).message}`);
  }
}

function headerMap(headers: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  if (!Array.isArray(headers)) return map;
  for (const header of headers as HarHeader[]) {
    if (typeof header?.name === 'string' && typeof header.value === 'string') {
      map[header.name.toLowerCase()] = header.value;
    }
  }
  return map;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isProblem = (item: RecordedExchange | EntryProblem): item is EntryProblem => 'problem' in item;
