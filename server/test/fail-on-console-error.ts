import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A console.error that a test did not expect fails it. A test that expects one
 * replaces the spy with its own `vi.spyOn(console, 'error')`.
 */
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (calls.length > 0) {
    const first = calls[0]!.map(String).join(' ');
    throw new Error(`unexpected console.error (${calls.length}x): ${first}`);
  }
});
