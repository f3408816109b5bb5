import { accountOperations } from '@wsadmin/contract';
import type { Handlers } from '../http/handler';
import { notImplemented } from './not-implemented';

export const accountHandlers: Handlers<keyof typeof accountOperations> = notImplemented(accountOperations);
