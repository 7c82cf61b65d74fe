import type { CitationDto, TestReply } from '@common/schemas/test-chat';

export type ChatRole = 'user' | 'assistant';

/** How a user turn reached the agent; assistant turns are always text. */
export type ChatMessageKind = 'text' | 'voice' | 'image';

export interface ChatMessage {
  id: string;
  role: ChatRole;
  content: string;
  /** ISO 8601, when the message was shown */
  timestamp: string;
  kind: ChatMessageKind;
  /** assistant turns still arriving over the stream */
  streaming?: boolean;
  offline?: boolean;
  /** on WhatsApp or the widget this reply would hand the conversation over to a person */
  handoff?: boolean;
  citations?: CitationDto[];
  /** base64 mp3 of a voice reply */
  audio?: string | null;
}

let sequence = 0;

export function newMessage(
  role: ChatRole,
  content: string,
  extra: Partial<Omit<ChatMessage, 'id' | 'role' | 'content'>> = {},
): ChatMessage {
  sequence += 1;
  return {
    id: `m${Date.now().toString(36)}-${sequence}`,
    role,
    content,
    timestamp: new Date().toISOString(),
    kind: 'text',
    ...extra,
  };
}

/** The assistant message for a finished reply. */
export function replyMessage(reply: TestReply): ChatMessage {
  return newMessage('assistant', reply.response, {
    offline: reply.offline,
    handoff: reply.handoff === true,
    citations: reply.citations,
    audio: reply.audioResponse ?? null,
  });
}
