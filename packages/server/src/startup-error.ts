/**
 * A start that cannot go on for a reason the operator fixes: the core's, which every runtime's
 * command prints as one line and exits with code 1 for.
 */
export { StartupError } from '@wsadmin/server-core/server-kit';
