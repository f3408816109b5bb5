import type { Target } from '../testing/target';
import { accessKeyScenarios } from './access-keys.scenario';
import { accountBatchCreateScenarios } from './accounts-batch-create.scenario';
import { accountCreateScenarios } from './accounts-create.scenario';
import { accountDeleteScenarios } from './accounts-delete.scenario';
import { accountPasswordScenarios } from './accounts-passwords.scenario';
import { accountProjectScenarios } from './accounts-projects.scenario';
import { accountSearchScenarios } from './accounts-search.scenario';
import { accountUniquenessScenarios } from './accounts-uniqueness.scenario';
import { accountUpdateScenarios } from './accounts-update.scenario';
import { authDataScenarios } from './auth-data.scenario';
import { batchDeleteScenarios } from './batch-deletes.scenario';
import { dimensionScenarios } from './dimensions.scenario';
import { managementCommitScenarios } from './management-commits.scenario';
import { managementConcurrencyScenarios } from './management-concurrency.scenario';
import { managementObjectScenarios } from './management-objects.scenario';
import { managementOperationScenarios } from './management-operations.scenario';
import { managementPreviewScenarios } from './management-previews.scenario';
import { managementReferenceScenarios } from './management-references.scenario';
import { measureScenarios } from './measures.scenario';
import { memberGroupScenarios } from './member-groups.scenario';
import { memberScenarios } from './members.scenario';
import { protocolScenarios } from './protocol.scenario';
import { sourceCatalogueScenarios } from './source-catalogue.scenario';
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
  // Accounts, one file per rule family, in the order of the former single file.
  accountCreateScenarios,
  accountUniquenessScenarios,
  accountBatchCreateScenarios,
  accountUpdateScenarios,
  accountSearchScenarios,
  accountDeleteScenarios,
  accountProjectScenarios,
  accountPasswordScenarios,
  authDataScenarios,
  uidCaseScenarios,
  batchDeleteScenarios,
  // Management, one file per rule family, in the order of the former single file.
  managementObjectScenarios,
  managementReferenceScenarios,
  managementPreviewScenarios,
  managementCommitScenarios,
  managementConcurrencyScenarios,
  sourceCatalogueScenarios,
  managementOperationScenarios,
];

export function runScenarios(target: () => Target): void {
  for (const scenario of scenarios) scenario(target);
}
