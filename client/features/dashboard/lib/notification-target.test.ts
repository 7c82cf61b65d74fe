import type { OwnerNotification } from '@common/schemas/inbox';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

const base: OwnerNotification = {
  id: 1,
  kind: 'needs-person',
  conversationId: 9,
  agentId: 4,
  subject: 'Ana',
  readAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
};

describe('notificationTarget', () => {
  it('sends each kind to the path where the owner acts on it', () => {
    expect(notificationTarget(base)).toBe('/dashboard/conversas?conversa=9');
    expect(notificationTarget({ ...base, kind: 'whatsapp-disconnected' })).toBe(
      '/agents/4/edit?tab=whatsapp',
    );
    expect(notificationTarget({ ...base, kind: 'document-failed' })).toBe(
      '/agents/4/edit?tab=knowledge',
    );
    expect(notificationTarget({ ...base, kind: 'payment-problem' })).toBe('/subscription');
    expect(notificationTarget({ ...base, kind: 'appointment-booked' })).toBe('/dashboard/agenda');
  });

  it('falls back to a page that exists when what it names is not known', () => {
    const none = { ...base, agentId: null, conversationId: null };
    expect(notificationTarget({ ...none, kind: 'whatsapp-disconnected' })).toBe(
      '/dashboard/whatsapp',
    );
    expect(notificationTarget({ ...none, kind: 'document-failed' })).toBe('/dashboard');
    expect(notificationTarget(none)).toBe('/dashboard/conversas');
  });
});
