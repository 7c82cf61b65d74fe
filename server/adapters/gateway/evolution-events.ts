/**
 * Event names of the Evolution API. Three spellings exist: the UPPER_SNAKE name accepted in
 * `webhook.events`, the dotted lower-case name in a delivery's `event` field, and the dashed URL
 * suffix used with `byEvents`.
 */

/** Every name `/webhook/set` accepts in 2.3.x (31). Anything else is a 400. */
export const ALL_WEBHOOK_EVENTS = [
  'APPLICATION_STARTUP',
  'QRCODE_UPDATED',
  'MESSAGES_SET',
  'MESSAGES_UPSERT',
  'MESSAGES_EDITED',
  'MESSAGES_UPDATE',
  'MESSAGES_DELETE',
  'SEND_MESSAGE',
  'SEND_MESSAGE_UPDATE',
  'CONTACTS_SET',
  'CONTACTS_UPSERT',
  'CONTACTS_UPDATE',
  'PRESENCE_UPDATE',
  'CHATS_SET',
  'CHATS_UPSERT',
  'CHATS_UPDATE',
  'CHATS_DELETE',
  'GROUPS_UPSERT',
  'GROUP_UPDATE',
  'GROUP_PARTICIPANTS_UPDATE',
  'CONNECTION_UPDATE',
  'LABELS_EDIT',
  'LABELS_ASSOCIATION',
  'CALL',
  'TYPEBOT_START',
  'TYPEBOT_CHANGE_STATUS',
  'REMOVE_INSTANCE',
  'LOGOUT_INSTANCE',
  'INSTANCE_CREATE',
  'INSTANCE_DELETE',
  'STATUS_INSTANCE',
] as const;

export type WebhookEventName = (typeof ALL_WEBHOOK_EVENTS)[number];

/**
 * The events the product subscribes to. Never send `[]`: the gateway reads an empty list as
 * "all 31 events", which would flood the inbox with contacts/chats noise.
 * - MESSAGES_UPSERT: customer messages and messages typed on the phone (human takeover).
 * - SEND_MESSAGE: our own API sends, so their ids can be recorded and echoes ignored.
 * - MESSAGES_UPDATE: receipts of what we sent (delivered, read), shown in the inbox.
 * - CONNECTION_UPDATE, QRCODE_UPDATED: stored instance status and newest QR code.
 * - LOGOUT_INSTANCE: the phone unlinked the device; CONNECTION_UPDATE alone may not say so.
 * - STATUS_INSTANCE: accompanies a permanent close with the disconnection reason.
 * - INSTANCE_DELETE: someone deleted the instance at the gateway (e.g. in its manager UI).
 */
export const SUBSCRIBED_EVENTS = [
  'MESSAGES_UPSERT',
  'CONNECTION_UPDATE',
  'QRCODE_UPDATED',
  'SEND_MESSAGE',
  'MESSAGES_UPDATE',
  'LOGOUT_INSTANCE',
  'STATUS_INSTANCE',
  'INSTANCE_DELETE',
] as const satisfies readonly WebhookEventName[];

/** 'messages.upsert' → 'MESSAGES_UPSERT'; the gateway's own filter rule. */
export function toUpperSnake(event: string): string {
  return event.toUpperCase().replace(/[.-]/g, '_');
}

/** 'MESSAGES_UPSERT' → 'messages.upsert', the `event` value of a delivery. */
export function toDotted(name: WebhookEventName): string {
  if (name === 'GROUP_PARTICIPANTS_UPDATE') return 'group-participants.update';
  if (name === 'GROUP_UPDATE') return 'groups.update';
  if (name === 'TYPEBOT_CHANGE_STATUS') return 'typebot.change-status';
  return name.toLowerCase().replace(/_/g, '.');
}

/** 'messages.upsert' → 'messages-upsert', the path suffix appended when byEvents is true. */
export function toByEventsSuffix(event: string): string {
  return event.toLowerCase().replace(/[._]/g, '-');
}
