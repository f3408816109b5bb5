/**
 * A start that cannot go on for a reason the operator fixes (a setting, the database, the port):
 * every runtime's command prints the message as one line, without a stack, and exits with code 1.
 * The message says what failed, with which value (never a password), and what to do.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
