import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../../../db/client';
import type { WebhookDispatcher } from './simulator-webhooks';

/** Knobs tests (and a curious developer) may turn through PUT /_sim/settings. */
export interface SimSettings {
  /** Baileys' qrTimeout: how often the gateway replaces the QR code */
  qrRotationMs: number;
  /** QRCODE_LIMIT: how many codes the gateway shows before it gives up */
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
