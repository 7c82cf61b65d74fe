/**
 * One agent runtime for every channel: prompt, memory window, tools, the provider call, usage.
 */
export {
  BOOKING_TOOLS,
  type BookedAppointment,
  type BookingAccess,
  SLOTS_PER_SEARCH,
} from './booking-tools';
export { CONTACT_TOOL, type ContactNotes } from './contact-tools';
export { type FollowUpInput, followUpTemplate, SKIP_WORD, writeFollowUp } from './follow-up-writer';
export { type ChatTurn } from './prompt';
export { providerError } from './runtime-errors';
export {
  type Channel,
  type Citation,
  MEMORY_LIMITS,
  type RuntimeDeps,
  runTurn,
  storedCitations,
  streamTurn,
  type TurnInput,
  type TurnResult,
  type TurnStream,
  usageInsert,
  usageRecord,
} from './runtime.service';
