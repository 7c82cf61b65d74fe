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

export interface ContactHooks {
  /** more of the person for the LGPD export: each key becomes a key of the export */
  exportExtras?: (
    db: AppDb,
    ownerId: number,
    contact: ContactRef,
  ) => Promise<Record<string, unknown>>;
  /** the person's appointments, for the contact's detail (newest first) */
  appointments?: (db: AppDb, ownerId: number, contact: ContactRef) => Promise<Appointment[]>;
  /** deletes more of the person, before their conversations and the contact go */
  eraseExtras?: (db: AppDb, ownerId: number, contact: ContactRef) => Promise<void>;
}
