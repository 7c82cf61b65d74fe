import { z } from 'zod';

/**
 * Follow-ups on WhatsApp: GET/PUT /api/agents/{id}/follow-ups. When a conversation
 * stops on the customer's side with something open, the agent writes again after each delay of
 * `delaysHours` (hours since its own last message; fractions allowed: 0.5 is half an hour), at
 * most `delaysHours.length` times. WhatsApp lets a business write freely only within 24 hours of
 * the customer's last message, so no delay reaches that. Messages are keys of the `errors`
 * catalogue.
 */
export const FOLLOW_UPS_MAX = 3;
/** The shortest delay: a quarter of an hour (a customer reading and thinking is not gone). */
export const FOLLOW_UP_MIN_HOURS = 0.25;
/** The longest delay: inside WhatsApp's 24-hour customer-service window. */
export const FOLLOW_UP_MAX_HOURS = 23;
/** Off until the owner turns it on; then, after 3 hours and again after 22 hours. */
export const DEFAULT_FOLLOW_UPS = { enabled: false, delaysHours: [3, 22] };

const delay = z
  .number('followUps.delayInvalid')
  .min(FOLLOW_UP_MIN_HOURS, 'followUps.delayInvalid')
  .max(FOLLOW_UP_MAX_HOURS, 'followUps.delayInvalid');

export const followUpSettingsSchema = z
  .object({
    enabled: z.boolean('followUps.enabledInvalid'),
    delaysHours: z
      .array(delay, 'followUps.delayInvalid')
      .max(FOLLOW_UPS_MAX, 'followUps.tooMany')
      .refine((list) => new Set(list).size === list.length, 'followUps.duplicate'),
  })
  // turned off, no delay need be chosen; on, at least one
  .refine((s) => !s.enabled || s.delaysHours.length > 0, {
    message: 'followUps.noDelay',
    path: ['delaysHours'],
  });
export type FollowUpSettings = z.output<typeof followUpSettingsSchema>;
