import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import { CONTACT_INTEREST_MAX, CONTACT_NAME_MAX } from '@common/schemas/contacts';
import { mentionedService, statedName } from '../../adapters/llm/offline-contact';

/**
 * What the agent learns about the customer it talks to: their name and what they are
 * after, noted on the owner's contact card as the conversation goes. The channel builds it
 * (contacts module, `contactNotes`) bound to the conversation's contact; the test console has
 * none. A model that calls tools notes them itself; offline, the runtime notes the name the
 * customer gives and the service they mention.
 */
export interface ContactNotes {
  save(details: { name?: string | undefined; interest?: string | undefined }): Promise<void>;
}

export const CONTACT_TOOL = 'save_contact_details';

export function contactTools(notes: ContactNotes): ToolSet {
  return {
    [CONTACT_TOOL]: tool({
      description:
        'Anota no cadastro do cliente o nome dele e o que ele procura, assim que ficar sabendo ' +
        '(por exemplo, quando ele disser o nome ou o serviço que quer). Não pergunte só para ' +
        'anotar; não diga ao cliente que anotou.',
      inputSchema: z.object({
        name: z
          .string()
          .trim()
          .min(1)
          .max(CONTACT_NAME_MAX)
          .optional()
          .describe('o nome do cliente, como ele disse'),
        interest: z
          .string()
          .trim()
          .min(1)
          .max(CONTACT_INTEREST_MAX)
          .optional()
          .describe('em poucas palavras, o que o cliente procura (ex.: "corte e escova")'),
      }),
      execute: async (details) => {
        await notes.save(details);
        return { ok: true };
      },
    }),
  };
}

/**
 * Offline: the name the customer gives and the first of the agent's services they mention, or
 * null when the message tells neither.
 */
export function offlineContactDetails(
  message: string,
  services: string[],
): { name?: string; interest?: string } | null {
  const name = statedName(message);
  const interest = mentionedService(message, services);
  if (!name && !interest) return null;
  return { ...(name ? { name } : {}), ...(interest ? { interest } : {}) };
}
