import { describe, expect, it } from 'vitest';
import {
  countByStatus,
  lastActivityParts,
  registryStatus,
} from '@/features/evolution-instances/lib/display';

describe('Evolution page display rules', () => {
  it('keeps a known status and calls the rest unknown', () => {
    expect(registryStatus('connected')).toBe('connected');
    expect(registryStatus('inactive')).toBe('unknown');
  });

  it('counts instances per status', () => {
    expect(countByStatus(['connected', 'active', 'active', 'inactive'])).toEqual({
      connected: 1,
      active: 2,
      testing: 0,
      total: 4,
    });
  });

  it('says how long ago the last activity was', () => {
    const now = Date.parse('2026-03-10T15:00:00Z');
    expect(lastActivityParts('2026-03-10T14:59:30Z', now)).toEqual({ unit: 'now' });
    expect(lastActivityParts('2026-03-10T14:30:00Z', now)).toEqual({ unit: 'minutes', count: 30 });
    expect(lastActivityParts('2026-03-10T10:00:00Z', now)).toEqual({ unit: 'hours', count: 5 });
    expect(lastActivityParts('2026-03-01T10:00:00Z', now).unit).toBe('date');
  });
});
