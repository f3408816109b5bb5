import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Outcome, OutcomeIssue } from './operation-call';

/** A success: the structured content, and the same as JSON text for clients that show text only. */
export function successResult(structured: Record<string, unknown>, lead?: string): CallToolResult {
  const json = JSON.stringify(structured, null, 2);
  return {
    content: [{ type: 'text', text: lead ? `${lead}\n\n${json}` : json }],
    structuredContent: structured,
  };
}

/**
 * A tool error (`isError`): what went wrong and, field by field, the issues. An error is a result
 * the agent reads and can correct, never a protocol failure.
 */
export function errorResult(
  errmsg: string,
  issues: readonly OutcomeIssue[] = [],
  errcode?: number,
): CallToolResult {
  const lines = [errcode === undefined ? errmsg : `errcode ${errcode}: ${errmsg}`];
  for (const issue of issues) lines.push(`- ${issue.path || '(arguments)'}: ${issue.message}`);
  // No structured content: a client checks it against the tool's output schema, which describes successes.
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }] };
}

/** The result of a call that failed: the envelope's errcode, errmsg and issues. */
export function failedResult(outcome: Extract<Outcome, { ok: false }>): CallToolResult {
  return errorResult(outcome.errmsg, outcome.issues, outcome.errcode);
}

/** The issues of a zod refusal, each with its dotted field path. */
export function issuesOf(error: z.ZodError, prefix = ''): OutcomeIssue[] {
  return error.issues.flatMap((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter((part) => part !== '');
    // An unknown field is named by its own path, not by the object that holds it.
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({
        path: [...path, key].join('.'),
        message: 'not a field of this operation',
      }));
    return [{ path: path.join('.'), message: issue.message }];
  });
}

/** The tool error of arguments the schema refused, naming every field. */
export function invalidArguments(error: z.ZodError, prefix = ''): CallToolResult {
  const issues = issuesOf(error, prefix);
  const fields = [...new Set(issues.map((issue) => issue.path || '(arguments)'))].join(', ');
  return errorResult(`invalid arguments: ${fields}`, issues, 400);
}
