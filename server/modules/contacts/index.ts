/**
 * The owner's contacts: one row per person across agents and channels (linked to their
 * conversations by a database trigger, migration 0020), their funnel stage, tags and notes, the
 * CSV of all, and one person's LGPD export and erasure. Other modules reach a contact's data only
 * through `ContactHooks` (wired in app.ts); a confirmed booking moves its customer's contact by a
 * database trigger (migration 0022), and the agent notes the customer's name and interest through
 * `contactNotes`.
 */
export type { ContactHooks, ContactRef, ErasedPerson } from './contact-hooks';
export { contactRoutes } from './contacts.routes';
export { contactNotes } from './contacts.service';
