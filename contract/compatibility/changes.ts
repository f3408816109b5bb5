import { apiDiff, type Diff } from 'api-smart-diff';

/** The parts of an OpenAPI document this module reads; the rest passes through to the diff. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown> | undefined>;
  [key: string]: unknown;
}

/** One difference between two OpenAPI documents, as a releaser reads it. */
export interface ContractChange {
  /** Whether a client written against the older document can fail against the newer one. */
  breaking: boolean;
  /** `operationId (METHOD /path)`, or `document` for what lies outside every operation. */
  operation: string;
  /** The field that changed: `response 200 data.id`, `request body name (maxLength)`, `parameter id`… */
  field: string;
  /** The change itself, in the diff library's words. */
  description: string;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Reusable parts that operations reach through `$ref`: api-smart-diff follows each reference into the
 * operations and classifies the change there, so the copy under `components` only repeats it.
 */
const REFERENCED = new Set(['schemas', 'parameters', 'responses', 'requestBodies', 'headers', 'examples']);

/**
 * Every change from `before` to `after`, classified by api-smart-diff's OpenAPI rules, which judge
 * as a loosely typed JSON client would; `breakingForTypedClients` adds what breaks the SDK's users.
 * Of the library's classes only `breaking` is breaking: `non-breaking`, `deprecated`, `annotation`
 * (descriptions, examples) and `unclassified` (extensions) cannot make a client fail.
 */
export function contractChanges(before: OpenApiDocument, after: OpenApiDocument): ContractChange[] {
  return apiDiff(before, after)
    .filter((diff) => !(diff.path[0] === 'components' && REFERENCED.has(String(diff.path[1]))))
    .map((diff) => ({
      breaking: diff.type === 'breaking' || breakingForTypedClients(diff),
      operation: operationOf(diff.path, before, after),
      field: fieldOf(diff, before, after),
      description: describeDiff(diff),
    }));
}

type Path = readonly (string | number)[];

/** The library's annotation, `[Removed] property `id` from …`, as a phrase: `removed property `id` from …`. */
function describeDiff(diff: Diff): string {
  const text = diff.description ?? `${diff.action} ${diff.path.join('.')}`;
  return text.replace(/^\[(\w+)\] /, (_match, action: string) => `${action.toLowerCase()} `);
}

/**
 * What api-smart-diff lets pass but breaks a user of the SDK, whose code compiles against the
 * document's types, on a server that answers 400 to a request field it does not know:
 * - a property removed, from a response (code reading it no longer compiles) or from a request (the
 *   server now refuses it);
 * - a response field whose type gains or changes a type (`string` to `integer`, or `null` added):
 *   only a narrower response type (a type dropped from a list) is safe.
 */
function breakingForTypedClients(diff: Diff): boolean {
  const schema = schemaPathOf(diff.path);
  if (!schema) return false;
  if (diff.action === 'remove' && schema.path.at(-2) === 'properties') return true;
  const type = schema.path.findLastIndex(
    (token, index) => token === 'type' && schema.path[index - 1] !== 'properties',
  );
  if (!schema.response || type < 0) return false;
  if (diff.action === 'remove') return false;
  if (diff.action === 'add') return true;
  const types = (value: unknown) => new Set(Array.isArray(value) ? value : [value]);
  const [was, now] = [types(diff.before), types(diff.after)];
  return [...now].some((name) => !was.has(name));
}

/** The path inside a request or response schema of an operation, if the diff is in one. */
function schemaPathOf(path: Path): { response: boolean; path: Path } | undefined {
  if (path[0] !== 'paths') return undefined;
  const inside = path.slice(3);
  if (inside[0] === 'responses' && inside[2] === 'content' && inside[4] === 'schema') {
    return { response: true, path: inside.slice(5) };
  }
  if (inside[0] === 'requestBody' && inside[1] === 'content' && inside[3] === 'schema') {
    return { response: false, path: inside.slice(4) };
  }
  return undefined;
}

function operationOf(path: Path, before: OpenApiDocument, after: OpenApiDocument): string {
  if (path[0] !== 'paths' || path[1] === undefined) return 'document';
  const route = String(path[1]);
  const item = after.paths?.[route] ?? before.paths?.[route] ?? {};
  const methods =
    path[2] !== undefined && METHODS.has(String(path[2]))
      ? [String(path[2])]
      : Object.keys(item).filter((key) => METHODS.has(key));
  return methods
    .map((method) => {
      const id = operationIdOf(after, route, method) ?? operationIdOf(before, route, method);
      return `${id ?? '(no operationId)'} (${method.toUpperCase()} ${route})`;
    })
    .join(', ');
}

function operationIdOf(document: OpenApiDocument, route: string, method: string): string | undefined {
  const operation = document.paths?.[route]?.[method] as { operationId?: string } | undefined;
  return operation?.operationId;
}

/** Where inside the operation the change is, in the words of its request and response. */
function fieldOf(diff: Diff, before: OpenApiDocument, after: OpenApiDocument): string {
  if (diff.path[0] !== 'paths') return diff.path.join('.');
  if (diff.path.length <= 3) return diff.path.length === 2 ? 'every operation of the path' : 'the operation';
  const schema = schemaPathOf(diff.path);
  const [part, ...rest] = diff.path.slice(3);
  if (schema) {
    return `${schema.response ? `response ${rest[0]}` : 'request body'} ${schemaField(schema.path, diff)}`;
  }
  if (part === 'parameters' && typeof rest[0] === 'number') {
    const parameter = parameterAt(diff, rest[0], before, after);
    const detail = rest.slice(1).filter((token) => token !== 'schema');
    return `parameter ${parameter}${detail.length > 0 ? ` (${detail.join('.')})` : ''}`;
  }
  return [part === 'requestBody' ? 'request body' : part, ...rest].join(' ');
}

/**
 * A schema path as a field name: `properties.data.properties.id` is `data.id`, `items` is `[]`, a
 * `required` entry names its property; what follows (a keyword such as `maxLength`) is put in brackets.
 */
function schemaField(path: Path, diff: Diff): string {
  const names: string[] = [];
  for (let index = 0; index < path.length; index++) {
    const token = path[index];
    const next = path[index + 1];
    if (token === 'properties' && next !== undefined) {
      names.push(String(next));
      index++;
    } else if (token === 'items') {
      names.push('[]');
    } else if ((token === 'anyOf' || token === 'oneOf' || token === 'allOf') && typeof next === 'number') {
      index++;
    } else if (token === 'required' && typeof next === 'number') {
      names.push(String(diff.before ?? diff.after));
      return `${join(names)} (required)`;
    } else {
      return `${join(names)} (${path.slice(index).join('.')})`;
    }
  }
  return join(names);
}

const join = (names: string[]) => names.join('.').replaceAll('.[]', '[]') || 'body';

/** A parameter's name; the index is the newer document's for an addition, the older one's otherwise. */
function parameterAt(diff: Diff, index: number, before: OpenApiDocument, after: OpenApiDocument): string {
  const read = (document: OpenApiDocument) => {
    const operation = document.paths?.[String(diff.path[1])]?.[String(diff.path[2])] as
      | { parameters?: { name?: string; in?: string; $ref?: string }[] }
      | undefined;
    let parameter = operation?.parameters?.[index];
    if (parameter?.$ref) {
      const components = document.components as { parameters?: Record<string, typeof parameter> } | undefined;
      parameter = components?.parameters?.[parameter.$ref.slice(parameter.$ref.lastIndexOf('/') + 1)];
    }
    return parameter?.name ? `${parameter.name} (in ${parameter.in})` : undefined;
  };
  const [first, second] = diff.action === 'add' ? [after, before] : [before, after];
  return read(first) ?? read(second) ?? String(index);
}
