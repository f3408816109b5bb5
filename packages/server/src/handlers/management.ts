import { managementOperations } from '@wsadmin/contract';
import type { Handlers } from '../http/handler';
import { notImplemented } from './not-implemented';

export const managementHandlers: Handlers<keyof typeof managementOperations> =
  notImplemented(managementOperations);
