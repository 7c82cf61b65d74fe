import type { messages } from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;

/** Where the media's bytes are when we keep them: the message_files table (a person's upload). */
export const STORED_FILE = 'message_files';

/**
 * A person's message still sending after this long was interrupted (the process stopped during
 * the send, which itself gives up well within it): it shows as failed, and can be retried.
 */
export const PERSON_SEND_STALE_MS = 2 * 60_000;
