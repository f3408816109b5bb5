import { accountHandlers } from './accounts';
import { authHandlers } from './auth';
import { dimensionHandlers } from './dimensions';
import type { Handlers } from './handler';
import { managementHandlers } from './management';
import { measureHandlers } from './measures';
import { memberGroupHandlers } from './member-groups';
import { memberHandlers } from './members';
import { scopeHandlers } from './scopes';
import { sourceHandlers } from './sources';
import { timeSeriesHandlers } from './time-series';
import { workspaceHandlers } from './workspaces';

/** Every operation's handler; leaving one out is a compile error. */
export const handlers: Handlers = {
  ...scopeHandlers,
  ...managementHandlers,
  ...sourceHandlers,
  ...workspaceHandlers,
  ...timeSeriesHandlers,
  ...dimensionHandlers,
  ...measureHandlers,
  ...memberGroupHandlers,
  ...memberHandlers,
  ...accountHandlers,
  ...authHandlers,
};
