import {
  SEQUENCE_CONNECTION_AT_MS,
  SEQUENCE_MESSAGE_AT_MS,
} from '@/features/whatsapp/lib/test-envelopes';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Full test sequence: the status check first, the message 1.5 s after the start, the
 * connection-open event 3 s after the start. A failing step stops the sequence.
 */
export async function runSequence(steps: {
  status: () => Promise<unknown>;
  message: () => Promise<unknown>;
  connection: () => Promise<unknown>;
}): Promise<void> {
  const started = Date.now();
  await steps.status();
  await wait(SEQUENCE_MESSAGE_AT_MS - (Date.now() - started));
  await steps.message();
  await wait(SEQUENCE_CONNECTION_AT_MS - (Date.now() - started));
  await steps.connection();
}
