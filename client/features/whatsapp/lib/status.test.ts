import { describe, expect, it } from 'vitest';
import {
  panelMessage,
  pollPlan,
  qualityOf,
  statusChange,
  statusKey,
  whatsappScreen,
} from '@/features/whatsapp/lib/status';

describe('WhatsApp status rules', () => {
  it('rates the connection quality', () => {
    expect(qualityOf('CONNECTED')).toBe('excellent');
    expect(qualityOf('open')).toBe('excellent');
    expect(qualityOf('PENDING')).toBe('good');
    expect(qualityOf('CREATED')).toBe('good');
    expect(qualityOf('close')).toBe('poor');
    expect(qualityOf('DISCONNECTED')).toBe('poor');
    expect(qualityOf('AWAITING_QR_SCAN')).toBe('unknown');
    expect(qualityOf(null)).toBe('unknown');
  });

  it('names unknown statuses as checking', () => {
    expect(statusKey('open')).toBe('connected');
    expect(statusKey('AWAITING_QR_SCAN')).toBe('awaiting');
    expect(statusKey('weird')).toBe('checking');
  });

  it('chooses the panel message', () => {
    expect(panelMessage('open', null)).toBe('connected');
    expect(panelMessage('close', 'data:x')).toBe('disconnected');
    expect(panelMessage('AWAITING_QR_SCAN', null)).toBe('generating');
    expect(panelMessage('AWAITING_QR_SCAN', 'data:x')).toBe('ready');
    expect(panelMessage('PENDING', null)).toBe('ready');
  });

  it('polls only while an instance exists and is not connected', () => {
    const view = { hasInstance: true, status: 'PENDING', qrCode: null };
    expect(pollPlan(view)).toBe('status');
    expect(pollPlan({ ...view, hasInstance: false })).toBe('none');
    expect(pollPlan({ ...view, status: 'CONNECTED' })).toBe('none');
    expect(pollPlan({ ...view, status: 'AWAITING_QR_SCAN' })).toBe('qr-wait');
    expect(pollPlan({ ...view, status: 'AWAITING_QR_SCAN', qrCode: 'data:x' })).toBe('status');
  });

  it('notifies on the way into and out of CONNECTED only', () => {
    expect(statusChange('AWAITING_QR_SCAN', 'CONNECTED')).toBe('connected');
    expect(statusChange('CONNECTED', 'DISCONNECTED')).toBe('lost');
    expect(statusChange('CONNECTED', 'open')).toBeNull();
    expect(statusChange('PENDING', 'AWAITING_QR_SCAN')).toBeNull();
    expect(statusChange(undefined, 'CONNECTED')).toBeNull();
    expect(statusChange('CONNECTED', null)).toBeNull();
  });
});

describe("the editor card's screen", () => {
  const cloud = { phoneNumberId: '1' };
  it('shows the official number, else the QR screens while an instance exists, else the choice', () => {
    expect(whatsappScreen({ hasInstance: false, channel: 'cloud', cloud })).toBe('cloud');
    expect(whatsappScreen({ hasInstance: true, channel: 'evolution', cloud: null })).toBe('qr');
    // created but not scanned yet: not connected either way, still the QR screens
    expect(whatsappScreen({ hasInstance: true, channel: null, cloud: null })).toBe('qr');
    expect(whatsappScreen({ hasInstance: false, channel: null, cloud: null })).toBe('choice');
    expect(whatsappScreen({ hasInstance: false, channel: 'cloud', cloud: null })).toBe('choice');
  });
});
