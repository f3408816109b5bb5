import type { Target } from '../testing/target';

// Placeholder: scenarios for this area are being written.
export function accountScenarios(_target: () => Target) {}
