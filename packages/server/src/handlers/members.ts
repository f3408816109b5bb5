import { memberOperations } from '@wsadmin/contract';
import type { Handlers } from '../http/handler';
import { notImplemented } from './not-implemented';

export const memberHandlers: Handlers<keyof typeof memberOperations> = notImplemented(memberOperations);
