import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isOperationId, unknownOperationIdMessage } from '@wsadmin/contract/routes';
import { checkOverride, MockContractError } from '../overrides';
import { type MockScenario, scenarioOverrides } from '../scenario';
import type { SeedFunction } from '../seed';
import { issueLines, scenarioSchema } from './scenario-schema';

/** A scenario file the command cannot use: each line names the file and where in it. */
export class ScenarioFileError extends Error {
  override name = 'ScenarioFileError';

  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(problems.map((problem) => `${file}: ${problem}`).join('\n'));
  }
}

const MODULES = new Set(['.js', '.mjs', '.cjs']);

/**
 * Reads and checks a scenario file: JSON (`.json`), or a module (`.js`, `.mjs`, `.cjs`) whose
 * default export is a scenario (`defineScenario`). The seed is checked against the contract's
 * create requests, each override by the mock's own rule; the mock applies the seed later, and a
 * seed the app refuses fails then (main.ts names the file for that too).
 */
export async function loadScenarioFile(file: string): Promise<MockScenario> {
  const extension = extname(file).toLowerCase();
  if (extension !== '.json' && !MODULES.has(extension)) {
    throw new ScenarioFileError(file, ['a scenario file is .json, or a .js, .mjs or .cjs module']);
  }
  const value = extension === '.json' ? await readJson(file) : await importDefault(file);
  return checkScenario(file, value);
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ScenarioFileError(file, [unreadable(error)]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ScenarioFileError(file, [`not JSON: ${(error as Error).message}`]);
  }
}

async function importDefault(file: string): Promise<unknown> {
  let loaded: { default?: unknown };
  try {
    loaded = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ERR_MODULE_NOT_FOUND' && (error as Error).message.includes(resolve(file));
    throw new ScenarioFileError(file, [missing ? 'no such file' : `could not be loaded: ${String(error)}`]);
  }
  if (loaded.default === undefined) {
    throw new ScenarioFileError(file, [
      'has no default export: end it with `export default defineScenario({ … })`',
    ]);
  }
  return loaded.default;
}

/** The scenario, checked; what only code can hold (a seed function, a `Date`) is kept as it is. */
export function checkScenario(file: string, value: unknown): MockScenario {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ScenarioFileError(file, ['a scenario is an object: {"seed": …, "overrides": …}']);
  }
  const { seed, startAt, ...rest } = value as Record<string, unknown>;
  const seedFunction = typeof seed === 'function' ? seed : undefined;
  // Before the schema, whose "unrecognized key" would not say which operationId was meant.
  const { overrides } = rest;
  const unknownIds =
    typeof overrides === 'object' && overrides !== null
      ? Object.keys(overrides).filter((operationId) => !isOperationId(operationId))
      : [];
  if (unknownIds.length > 0) {
    throw new ScenarioFileError(
      file,
      unknownIds.map((operationId) => `overrides: ${unknownOperationIdMessage(operationId)}`),
    );
  }
  const checked = scenarioSchema().safeParse({
    ...rest,
    ...(seed === undefined || seedFunction ? {} : { seed }),
    ...(startAt === undefined ? {} : { startAt: startAt instanceof Date ? startAt.toISOString() : startAt }),
  });
  if (!checked.success) throw new ScenarioFileError(file, issueLines(checked.error));
  const problems = scenarioOverrides(checked.data.overrides).flatMap(([operationId, override, options]) => {
    try {
      checkOverride(operationId, override, options);
      return [];
    } catch (error) {
      if (!(error instanceof MockContractError)) throw error;
      return [
        `overrides.${operationId}: ${error.message.replace(/^mock override of \S+ violates the contract: /, '')}`,
      ];
    }
  });
  if (problems.length > 0) throw new ScenarioFileError(file, problems);
  // The checked shape is the scenario's (the schema is built from the same contract types).
  const scenario = checked.data as MockScenario;
  if (seedFunction) scenario.seed = seedFunction as SeedFunction;
  return scenario;
}

function unreadable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory, not a file';
  return `cannot be read: ${(error as Error).message}`;
}
