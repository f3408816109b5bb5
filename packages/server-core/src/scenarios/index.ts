import type { Target } from '../testing/target';
import { accessKeyScenarios } from './access-keys.scenario';
import { accountScenarios } from './accounts.scenario';
import { authDataScenarios } from './auth-data.scenario';
import { batchDeleteScenarios } from './batch-deletes.scenario';
import { dimensionScenarios } from './dimensions.scenario';
import { managementScenarios } from './management.scenario';
import { measureScenarios } from './measures.scenario';
import { memberGroupScenarios } from './member-groups.scenario';
import { memberScenarios } from './members.scenario';
import { protocolScenarios } from './protocol.scenario';
import { timeSeriesScenarios } from './time-series.scenario';
import { uidCaseScenarios } from './uid-case.scenario';
import { workspaceScenarios } from './workspaces.scenario';

/**
 * The scenario suite, written once and run against every target (HTTP server, in-process app,
 * MSW mock). Each scenario file covers one area; add new ones here.
 */
export const scenarios: Array<(target: () => Target) => void> = [
  protocolScenarios,
  accessKeyScenarios,
  workspaceScenarios,
  timeSeriesScenarios,
  dimensionScenarios,
  measureScenarios,
  memberGroupScenarios,
  memberScenarios,
  accountScenarios,
  authDataScenarios,
  uidCaseScenarios,
  batchDeleteScenarios,
  managementScenarios,
];

export function runScenarios(target: () => Target): void {
  for (const scenario of scenarios) scenario(target);
}
