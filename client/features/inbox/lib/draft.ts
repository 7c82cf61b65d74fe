/**
 * The composer's draft of one conversation, kept in this browser (localStorage) per owner and
 * conversation so a reload does not lose it; cleared once the message is sent. Storage that
 * refuses (private mode, full) only means no draft is kept.
 */
const PREFIX = 'inbox-draft';

export const draftKey = (ownerId: number, conversationId: number) =>
  `${PREFIX}:${ownerId}:${conversationId}`;

export function readDraft(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(key: string, text: string) {
  try {
    if (text) window.localStorage.setItem(key, text);
    else window.localStorage.removeItem(key);
  } catch {
    // not kept: the composer still works
  }
}
