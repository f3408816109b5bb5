import { measureOperations } from '@wsadmin/contract';
import type { Handlers } from '../http/handler';
import { notImplemented } from './not-implemented';

export const measureHandlers: Handlers<keyof typeof measureOperations> = notImplemented(measureOperations);
