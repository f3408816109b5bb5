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
    regex: new RegExp(`^${op.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
    names: [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''),
  }));

/** The contract operation a method and path (`/openapi/v1/...`) call, if any. */
export function matchOperation(method: string, path: string): MatchedOperation | undefined {
  const upper = method.toUpperCase();
  for (const pattern of patterns) {
    if (pattern.method !== upper) continue;
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

/** The methods some operation accepts on `path`. */
export function allowedMethods(path: string): string[] {
  return [...new Set(patterns.filter((p) => p.regex.test(path)).map((p) => p.method))];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
