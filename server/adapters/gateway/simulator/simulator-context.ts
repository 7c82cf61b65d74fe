import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../../../db/client';
import type { WebhookDispatcher } from './simulator-webhooks';

/** Knobs tests (and a curious developer) may turn through PUT /_sim/settings. */
export interface SimSettings {
  /** Baileys' qrTimeout (reference/evolution-api.md §2.1) */
  qrRotationMs: number;
  /** QRCODE_LIMIT (§2.1) */
  qrLimit: number;
}

export const REAL_SIM_SETTINGS: SimSettings = { qrRotationMs: 45_000, qrLimit: 30 };

/** What every simulator service shares within one process. */
export interface SimContext {
  db: AppDb;
  dispatcher: WebhookDispatcher;
  settings: SimSettings;
  log: FastifyBaseLogger;
}
