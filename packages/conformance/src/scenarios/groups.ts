import type { ScenarioTarget } from '../scenario-target';
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

/** One group of the suite: a scenario file, selectable by name (`--group`). */
export interface ScenarioGroup {
  name: string;
  register: (target: () => ScenarioTarget) => void;
}

/**
 * The scenario suite, written once and run against every target (HTTP server, in-process app,
 * MSW mock, any server through `httpTarget`). Each scenario file covers one area and is one group,
 * named after its file; add new ones here.
 */
export const scenarioGroups: readonly ScenarioGroup[] = [
  { name: 'protocol', register: protocolScenarios },
  { name: 'access-keys', register: accessKeyScenarios },
  { name: 'workspaces', register: workspaceScenarios },
  { name: 'time-series', register: timeSeriesScenarios },
  { name: 'dimensions', register: dimensionScenarios },
  { name: 'measures', register: measureScenarios },
  { name: 'member-groups', register: memberGroupScenarios },
  { name: 'members', register: memberScenarios },
  // Accounts, one file per rule family, in the order of the former single file.
  { name: 'accounts-create', register: accountCreateScenarios },
  { name: 'accounts-uniqueness', register: accountUniquenessScenarios },
  { name: 'accounts-batch-create', register: accountBatchCreateScenarios },
  { name: 'accounts-update', register: accountUpdateScenarios },
  { name: 'accounts-search', register: accountSearchScenarios },
  { name: 'accounts-delete', register: accountDeleteScenarios },
  { name: 'accounts-projects', register: accountProjectScenarios },
  { name: 'accounts-passwords', register: accountPasswordScenarios },
  { name: 'auth-data', register: authDataScenarios },
  { name: 'uid-case', register: uidCaseScenarios },
  { name: 'batch-deletes', register: batchDeleteScenarios },
  // Management, one file per rule family, in the order of the former single file.
  { name: 'management-objects', register: managementObjectScenarios },
  { name: 'management-references', register: managementReferenceScenarios },
  { name: 'management-previews', register: managementPreviewScenarios },
  { name: 'management-commits', register: managementCommitScenarios },
  { name: 'management-concurrency', register: managementConcurrencyScenarios },
  { name: 'source-catalogue', register: sourceCatalogueScenarios },
  { name: 'management-operations', register: managementOperationScenarios },
];
