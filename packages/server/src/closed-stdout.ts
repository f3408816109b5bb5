/**
 * `wsadmin-server --help | head` closes the pipe before the output ends: nothing went wrong, so
 * the command ends quietly instead of with an EPIPE stack. Only for commands that print and end; a
 * running server whose stdout goes away should fail loudly.
 */
export function endQuietlyWhenStdoutCloses(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
}
