import { timeSeriesOperations } from '@wsadmin/contract';
import type { Handlers } from '../http/handler';
import { notImplemented } from './not-implemented';

export const timeSeriesHandlers: Handlers<keyof typeof timeSeriesOperations> =
  notImplemented(timeSeriesOperations);
