import { dimensionOperations } from '@wsadmin/contract';
import type { Handlers } from '../http/handler';
import { notImplemented } from './not-implemented';

export const dimensionHandlers: Handlers<keyof typeof dimensionOperations> =
  notImplemented(dimensionOperations);
