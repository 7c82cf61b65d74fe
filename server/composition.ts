import type { AppHooks } from './app-context';
import { eraseSimulatorMessages } from './adapters/gateway/simulator/simulator.repo';
import { eraseQuestionsOf } from './modules/analytics';
import { customerAppointments, deleteCustomerAppointments } from './modules/appointments';
import { eraseOwnerEventsAbout } from './modules/events';
import { eraseNotificationsAbout } from './modules/notifications';
import { followUpsOnTurnFinished, stopAnswer } from './modules/follow-ups';
import { indexKnowledgeText } from './modules/knowledge';
import { reminderAnswer, remindersOnAppointmentChange } from './modules/reminders';
import { eraseConversations, REQUEST_CHANNEL } from './modules/conversations';
import {
  eraseDeliveriesOf,
  evolutionChannel,
  prepareAgentDeletion,
  sendOwnerWhatsapp,
} from './modules/whatsapp';

/**
 * The composition root of the modules: every hook one module offers and another fills, in one
 * place, for every context (`createAppContext`). A module never sets a hook of another, and none
 * is optional: a context without one does not type-check, so no process (web, worker, a test, a
 * benchmark) runs with a hook left unset.
 */
export function composeHooks(): AppHooks {
  return {
    agents: {
      // The free-text knowledge base is searchable like a document from the first answer on.
      knowledgeBaseChanged: (ctx, ownerId, agentId, text) =>
        indexKnowledgeText(ctx, ownerId, agentId, text),
      // Its WhatsApp number goes with it (the gateway's instance once the agent is gone).
      deleting: (ctx, ownerId, agentId) => prepareAgentDeletion(ctx, ownerId, agentId),
    },
    // The channels of the conversation core, by conversations.channel: WhatsApp through the
    // Evolution gateway; the widget and the test console answer on the customer's request.
    channels: { whatsapp: evolutionChannel, webchat: REQUEST_CHANNEL, test: REQUEST_CHANNEL },
    // Reminders (ADR 0029) are (re)scheduled on every booking, move and cancel.
    appointments: { changed: remindersOnAppointmentChange },
    // A contact's appointments, found by their phone (a website visitor has none), go into their
    // LGPD export and with their erasure, in the contact's transaction.
    contacts: {
      exportExtras: async (db, ownerId, contact) => ({
        appointments: contact.phone ? await customerAppointments(db, ownerId, contact.phone) : [],
      }),
      appointments: async (db, ownerId, contact) =>
        contact.phone ? customerAppointments(db, ownerId, contact.phone) : [],
      // The LGPD erasure, each module its own rows: what is about the person outside their
      // conversations first, then the conversations (messages, files, events, rollups go with
      // them); the contacts module deletes the contact last.
      erase: async (db, ownerId, person) => {
        if (person.phone) await deleteCustomerAppointments(db, ownerId, person.phone);
        await eraseNotificationsAbout(db, ownerId, person.conversationIds);
        await eraseOwnerEventsAbout(db, ownerId, person.conversationIds);
        await eraseQuestionsOf(db, ownerId, person.conversationIds);
        await eraseDeliveriesOf(db, ownerId, person);
        await eraseSimulatorMessages(db, ownerId, person);
        await eraseConversations(db, ownerId, person.conversationIds);
      },
    },
    conversations: {
      // A reminder's "1"/"2" first, then the follow-ups' 'parar' (ADR 0031).
      fixedAnswer: async (ctx, turn) =>
        (await reminderAnswer(ctx, turn)) ?? (await stopAnswer(ctx, turn)),
      // The follow-ups look at what the turn left open.
      turnFinished: (ctx, conversationId) => followUpsOnTurnFinished(ctx, conversationId),
    },
    // The owner's own WhatsApp alerts go out through the WhatsApp module's sender.
    notifications: { sendOwnerWhatsapp },
  };
}
