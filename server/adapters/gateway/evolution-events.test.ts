import { describe, expect, it } from 'vitest';
import {
  ALL_WEBHOOK_EVENTS,
  SUBSCRIBED_EVENTS,
  toByEventsSuffix,
  toDotted,
  toUpperSnake,
} from './evolution-events';

describe('event names', () => {
  it('converts between the three spellings', () => {
    expect(toUpperSnake('messages.upsert')).toBe('MESSAGES_UPSERT');
    expect(toUpperSnake('group-participants.update')).toBe('GROUP_PARTICIPANTS_UPDATE');
    expect(toDotted('SEND_MESSAGE_UPDATE')).toBe('send.message.update');
    expect(toDotted('GROUP_PARTICIPANTS_UPDATE')).toBe('group-participants.update');
    expect(toByEventsSuffix('connection.update')).toBe('connection-update');
    expect(toByEventsSuffix('group-participants.update')).toBe('group-participants-update');
  });

  it('round-trips every selectable name except the GROUP_UPDATE bug', () => {
    expect(ALL_WEBHOOK_EVENTS).toHaveLength(31);
    for (const name of ALL_WEBHOOK_EVENTS) {
      const back = toUpperSnake(toDotted(name));
      // A gateway bug: groups.update normalises to GROUPS_UPDATE, so GROUP_UPDATE never matches.
      expect(back).toBe(name === 'GROUP_UPDATE' ? 'GROUPS_UPDATE' : name);
    }
  });

  it('subscribes to a non-empty list of valid names (an empty list means all)', () => {
    expect(SUBSCRIBED_EVENTS.length).toBeGreaterThan(0);
    for (const name of SUBSCRIBED_EVENTS) expect(ALL_WEBHOOK_EVENTS).toContain(name);
  });
});
