import { useCallback, useState } from 'react';
import { TEST_LOG_LIMIT } from '@/features/whatsapp/lib/test-envelopes';

export type TestStatus = 'pending' | 'success' | 'error';
export type TestName = 'instance' | 'webhookMessage' | 'webhookConnection' | 'sequence';

/** A test log entry: timestamp, test name, status, data, duration in ms. */
export interface TestLogEntry {
  id: number;
  timestamp: string;
  test: TestName;
  status: TestStatus;
  data: unknown;
  durationMs: number | null;
}

let nextId = 1;

/** The latest 20 results, newest first, kept in this page only. */
export function useTestLog() {
  const [entries, setEntries] = useState<TestLogEntry[]>([]);

  /** Runs one step and logs it: pending first, then its answer or error with the duration. */
  const run = useCallback(async <T>(test: TestName, step: () => Promise<T>): Promise<T> => {
    const id = nextId++;
    const started = performance.now();
    setEntries((list) =>
      [
        {
          id,
          timestamp: new Date().toISOString(),
          test,
          status: 'pending' as const,
          data: null,
          durationMs: null,
        },
        ...list,
      ].slice(0, TEST_LOG_LIMIT),
    );
    const finish = (status: TestStatus, data: unknown) =>
      setEntries((list) =>
        list.map((entry) =>
          entry.id === id
            ? { ...entry, status, data, durationMs: Math.round(performance.now() - started) }
            : entry,
        ),
      );
    try {
      const answer = await step();
      finish('success', answer ?? null);
      return answer;
    } catch (error) {
      finish('error', { message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }, []);

  const clear = useCallback(() => setEntries([]), []);
  return { entries, run, clear };
}
