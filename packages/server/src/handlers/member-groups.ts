import { memberGroupOperations } from '@wsadmin/contract';
import type { Handlers } from '../http/handler';
import { notImplemented } from './not-implemented';

export const memberGroupHandlers: Handlers<keyof typeof memberGroupOperations> =
  notImplemented(memberGroupOperations);
