import openapi from '@wsadmin/contract/openapi.json' with { type: 'json' };
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Answers checked against contract/openapi.json itself (its JSON Schemas, with their patterns),
 * not the zod objects: what a client generated from the document would believe about an answer.
 */

interface ResponseOf {
  content?: { 'application/json'?: { schema?: unknown } };
}
interface OperationOf {
  operationId: string;
  requestBody?: ResponseOf;
  responses: Record<string, ResponseOf>;
}

const DOCUMENT_ID = 'https://wsadmin.test/openapi.json';
const document = openapi as unknown as {
  paths: Record<string, Record<string, OperationOf>>;
  components: unknown;
};

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });

const operationsById = new Map<string, OperationOf>();
for (const item of Object.values(document.paths))
  for (const operation of Object.values(item)) operationsById.set(operation.operationId, operation);

const compiled = new Map<string, ValidateFunction | undefined>();

function compiledOnce(key: string, schema: unknown): ValidateFunction | undefined {
  if (compiled.has(key)) return compiled.get(key);
  const validate =
    schema === undefined
      ? undefined
      : ajv.compile(
          JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)),
        );
  compiled.set(key, validate);
  return validate;
}

/** The document's schema of the answer `operationId` gives with `status`, compiled; undefined where none is declared. */
export function answerSchemaOf(operationId: string, status: number): ValidateFunction | undefined {
  const response = operationsById.get(operationId)?.responses[String(status)];
  return compiledOnce(`${operationId} ${status}`, response?.content?.['application/json']?.schema);
}

/** Whether the document's request body schema of `operationId` accepts `body`. */
export function documentAcceptsBody(operationId: string, body: unknown): boolean {
  const requestBody = operationsById.get(operationId)?.requestBody;
  const validate = compiledOnce(`${operationId} body`, requestBody?.content?.['application/json']?.schema);
  if (!validate) throw new Error(`${operationId} takes no body in the document`);
  return validate(body);
}

/** What is wrong with an answer by the document, or undefined when the document accepts it. */
export function documentProblemOf(operationId: string, status: number, body: unknown): string | undefined {
  const validate = answerSchemaOf(operationId, status);
  if (!validate) return `HTTP ${status} is not a status the document declares for ${operationId}`;
  if (validate(body)) return undefined;
  const [first] = validate.errors ?? [];
  return `the document's schema refuses it: ${first?.instancePath} ${first?.message}`;
}

/** Every text of a JSON value that holds U+0000, keys included, with where it is. */
export function nulTextsIn(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [at || '(root)'] : [];
  if (value === null || typeof value !== 'object') return [];
  const found: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) found.push(`${at}.(key)`);
    found.push(...nulTextsIn(item, `${at}.${key}`));
  }
  return found;
}
