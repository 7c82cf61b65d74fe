/**
 * One PostgreSQL-dialect schema for both drivers (PGlite embedded and PostgreSQL), one file per
 * area; drizzle-kit reads this index (drizzle.config.ts) and the app imports it as `db/schema`.
 * Rows that belong to a user reach their owner through `owner_id` / `user_id` (directly or via the
 * agent), and repos always filter by it.
 */
export * from './accounts';
export * from './agents';
export * from './knowledge';
export * from './whatsapp';
export * from './contacts';
export * from './conversations';
export * from './billing';
export * from './simulator';
export * from './events';
export * from './notifications';
export * from './analytics';
export * from './appointments';
export * from './follow-ups';
