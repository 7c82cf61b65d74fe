import { z } from 'zod';

export const MESSAGE_MAX_LENGTH = 4000;

/** POST /api/agents/{id}/test and its streaming variant. */
export const testMessageSchema = z.object({
  message: z
    .string('validation.messageRequired')
    .trim()
    .min(1, 'validation.messageRequired')
    .max(MESSAGE_MAX_LENGTH, 'validation.messageTooLong'),
});

export interface CitationDto {
  source: string;
  excerpt: string;
  score: number;
  documentId?: number;
  page?: number | null;
}

/** The reply of every test call: the `response` text, plus what the console shows beside it. */
export interface TestReply {
  response: string;
  citations: CitationDto[];
  usage: { inputTokens: number; outputTokens: number };
  latencyMs: number;
  provider: 'openai' | 'offline';
  model: string;
  offline: boolean;
  /**
   * On WhatsApp or the widget this turn would hand the conversation over to a person (the console
   * only says so: its chat is not a customer's, nothing is paused and the owner is not notified)
   */
  handoff?: boolean;
  /** base64 mp3, multimedia calls with voice_response only */
  audioResponse?: string | null;
  /** what the audio said, multimedia audio calls only */
  transcript?: string;
}
