import { z } from 'zod';
import type { OwnerNotification } from './inbox';

/**
 * The owner's notifications: what happened that needs them — a conversation needs a
 * person, a WhatsApp number was disconnected, a document failed, a payment problem — in the
 * header's bell, live, and optionally on their own WhatsApp. Messages are keys of the `errors`
 * catalogue (`notifications.*`).
 */

/** One page of GET /api/notifications. */
export const NOTIFICATIONS_PAGE_MAX = 50;
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
/** POST /api/notifications/read marks at most this many by id at once. */
export const NOTIFICATIONS_READ_IDS_MAX = 100;

/** GET /api/notifications?before=<id>&limit= */
export const notificationsListQuerySchema = z.object({
  /** the `nextBefore` of the page before (ids below it) */
  before: z.coerce
    .number('notifications.cursorInvalid')
    .int('notifications.cursorInvalid')
    .positive('notifications.cursorInvalid')
    .max(Number.MAX_SAFE_INTEGER, 'notifications.cursorInvalid')
    .optional(),
  limit: z.coerce
    .number('notifications.limitInvalid')
    .int('notifications.limitInvalid')
    .min(1, 'notifications.limitInvalid')
    .max(NOTIFICATIONS_PAGE_MAX, 'notifications.limitInvalid')
    .default(NOTIFICATIONS_PAGE_DEFAULT),
});

/** POST /api/notifications/read: `{ ids: [...] }` marks those, `{ all: true }` every one. */
export const notificationsReadSchema = z.union(
  [
    z
      .object({
        ids: z
          .array(
            z
              .number('notifications.idsInvalid')
              .int('notifications.idsInvalid')
              .positive('notifications.idsInvalid')
              .max(2_147_483_647, 'notifications.idsInvalid'),
            'notifications.idsInvalid',
          )
          .min(1, 'notifications.idsInvalid')
          .max(NOTIFICATIONS_READ_IDS_MAX, 'notifications.idsInvalid'),
      })
      .strict(),
    z.object({ all: z.literal(true, 'notifications.idsInvalid') }).strict(),
  ],
  'notifications.idsInvalid',
);
export type NotificationsRead = z.output<typeof notificationsReadSchema>;

export interface NotificationsPage {
  items: OwnerNotification[];
  /** every unread notification of the owner, not only this page's */
  unread: number;
  /** pass as `before` for the older page; null at the end */
  nextBefore: number | null;
}

/**
 * A Brazilian number as people type it: DDD and number, with or without +55, separators allowed.
 * Stored as digits with the country code: 55, a DDD (two digits, no zero), then a mobile's nine
 * digits (starting with 9) or a landline's eight (2–8).
 */
const BRAZIL_NUMBER = /^55[1-9]{2}(9\d{8}|[2-8]\d{7})$/;

export const ownerPhoneSchema = z
  .string('notifications.phoneInvalid')
  .max(25, 'notifications.phoneInvalid')
  .regex(/^\s*\+?[\d\s().-]*$/, 'notifications.phoneInvalid')
  .transform((v) => {
    const digits = v.replace(/\D/g, '');
    return digits.length === 10 || digits.length === 11 ? `55${digits}` : digits;
  })
  .refine((digits) => BRAZIL_NUMBER.test(digits), 'notifications.phoneInvalid');

/** PUT /api/notifications/settings: the owner's own WhatsApp, where notifications go if on. */
export const notificationSettingsSchema = z
  .object({
    whatsappEnabled: z.boolean('notifications.enabledInvalid'),
    /** empty: none (then WhatsApp notifications cannot be on) */
    whatsappPhone: z.union([z.literal(''), ownerPhoneSchema]).nullable(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.whatsappEnabled && !value.whatsappPhone) {
      ctx.addIssue({
        code: 'custom',
        message: 'notifications.phoneRequired',
        path: ['whatsappPhone'],
      });
    }
  })
  .transform((value) => ({
    whatsappEnabled: value.whatsappEnabled,
    whatsappPhone: value.whatsappPhone ? value.whatsappPhone : null,
  }));
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

export interface NotificationSettings {
  whatsappEnabled: boolean;
  /** digits with the country code, or null */
  whatsappPhone: string | null;
}
