/**
 * Out of business hours (ADR 0028): whether an agent is open now, and the notice a
 * customer gets once per closed period — the rule every channel (WhatsApp, the website widget,
 * the test console) applies the same way. The hours themselves are the appointments module's.
 */
export { hoursNow, noticeOnce, type HoursNow } from './out-of-hours.service';
export { OUT_OF_HOURS_EVENT } from './out-of-hours.repo';
