import type { Appointment } from '@common/schemas/appointments';
import type { AppDb } from '../../db/client';

/**
 * What other modules keep about a contact, reached without this module importing them: set once,
 * in the composition root (`server/composition.ts`), as `ctx.hooks.contacts` (the appointments
 * module's bookings). They run inside the request's transaction, so an erasure is all or nothing.
 */
/** The person a hook reads or erases: the contact's id and phone (none for a website visitor). */
export interface ContactRef {
  id: number;
  phone: string | null;
}

/** The person an erasure removes: their conversations and every address a channel knows. */
export interface ErasedPerson extends ContactRef {
  conversationIds: readonly number[];
  /** every spelling of their phone */
  phones: readonly string[];
  /** the other addresses a gateway knows them by (a WhatsApp @lid, a reply JID) */
  jids: readonly string[];
}

export interface ContactHooks {
  /** more of the person for the LGPD export: each key becomes a key of the export */
  exportExtras?: (
    db: AppDb,
    ownerId: number,
    contact: ContactRef,
  ) => Promise<Record<string, unknown>>;
  /** the person's appointments, for the contact's detail (newest first) */
  appointments?: (db: AppDb, ownerId: number, contact: ContactRef) => Promise<Appointment[]>;
  /**
   * The LGPD erasure: every other module deletes what it keeps about the person — their
   * conversations included — before the contact goes, in the contact's transaction.
   */
  erase: (db: AppDb, ownerId: number, person: ErasedPerson) => Promise<void>;
}
