import { expect, it, vi } from 'vitest';

// Sample tests for testing/quiet-console-guard.test.ts, which expects the first two to pass and
// the others to fail on their console output.

it('prints nothing', () => {
  expect(1 + 1).toBe(2);
});

it('takes the warning it expects and asserts on it', () => {
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
  console.warn('expected warning');
  expect(warned).toHaveBeenCalledWith('expected warning');
  warned.mockRestore();
});

it('logs an error from code under test', () => {
  console.error('[MSW] Error: intercepted a request without a matching request handler');
});

it('prints a line with console.log', () => {
  console.log('figures: %d req/s', 1234);
});
