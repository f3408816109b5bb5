import { type OperationId, operationEntries } from '@wsadmin/contract';
import { bySpecificity } from './register-operations';

export interface MatchedOperation {
  operationId: OperationId;
  /** Path parameters by name, decoded, as text. */
  params: Record<string, string>;
}

interface Pattern {
  operationId: OperationId;
  method: string;
  /** The contract path (`/workspaces/{workspaceId}/`). */
  path: string;
  regex: RegExp;
  names: string[];
}

// Static segments first, in the router's own order, so `/workspaces/update-workspaces/` is never
// the workspace "update-workspaces" here either.
const patterns: Pattern[] = [...operationEntries]
  .sort(([, a], [, b]) => bySpecificity(a, b))
  .map(([operationId, op]) => ({
    operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    regex: new RegExp(`^${op.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
    names: [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''),
  }));

/**
 * The contract path a request path belongs to: the first that fits, static segments first. A literal
 * path (`/workspaces/create-workspaces/`) is its own, never the id path that would also fit it, so
 * its other methods answer 405 rather than reach the workspace "create-workspaces".
 */
function ownerOf(path: string): string | undefined {
  return patterns.find((pattern) => pattern.regex.test(path))?.path;
}

/** The contract operation a method and path (`/openapi/v1/...`) call, if any. */
export function matchOperation(method: string, path: string): MatchedOperation | undefined {
  const upper = method.toUpperCase();
  const owner = ownerOf(path);
  for (const pattern of patterns) {
    if (pattern.method !== upper || pattern.path !== owner) continue;
    const match = pattern.regex.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    pattern.names.forEach((name, index) => {
      params[name] = safeDecode(match[index + 1] ?? '');
    });
    return { operationId: pattern.operationId, params };
  }
  return undefined;
}

/** The methods the operations of the contract path `path` belongs to accept (none on an unknown path). */
export function allowedMethods(path: string): string[] {
  const owner = ownerOf(path);
  return [...new Set(patterns.filter((p) => p.path === owner).map((p) => p.method))];
}

/** A contract path an id path would also fit, and the methods it lacks that some such id path has. */
export interface LiteralPath {
  path: string;
  /** Uppercase, in contract order: the router would send these to the id path. */
  refused: string[];
}

/**
 * Every literal path of the contract: one whose static segment stands where another contract path
 * has a parameter (`/workspaces/create-workspaces/` beside `/workspaces/{workspaceId}/`), with the
 * methods it must refuse itself (405) before the router tries the id path.
 */
export const literalPaths: readonly LiteralPath[] = [...new Set(patterns.map((p) => p.path))].flatMap(
  (path) => {
    const own = new Set(patterns.filter((p) => p.path === path).map((p) => p.method));
    const captured = patterns.filter((p) => p.path !== path && p.regex.test(path));
    const refused = [...new Set(captured.map((p) => p.method))].filter((method) => !own.has(method));
    return captured.length > 0 ? [{ path, refused }] : [];
  },
);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
