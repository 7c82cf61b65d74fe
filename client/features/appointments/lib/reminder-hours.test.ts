import { reminderSettingsSchema } from '@common/schemas/reminders';
import { describe, expect, it } from 'vitest';
import { formatReminderHours, parseReminderHours } from './reminder-hours';

describe('reminder hours field', () => {
  it('reads what an owner types', () => {
    expect(parseReminderHours('24, 2')).toEqual([24, 2]);
    expect(parseReminderHours(' 48;24 0.5 ')).toEqual([48, 24, 0.5]);
    expect(parseReminderHours('')).toEqual([]);
    expect(formatReminderHours([24, 2])).toBe('24, 2');
  });

  it('leaves what is not a number to the schema, which names it', () => {
    const parsed = reminderSettingsSchema.safeParse({
      enabled: true,
      hoursBefore: parseReminderHours('24, duas'),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe('reminders.hoursInvalid');
  });
});
