import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Mercado Pago's `x-signature` webhook header: `ts=<seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256(secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;"). A missing value drops
 * its `key:value;` pair; data.id keeps its case (the SDK's lower-casing was a bug, fixed upstream).
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function buildManifest(parts: {
  dataId?: string | null;
  requestId?: string | null;
  ts?: string | null;
}): string {
  let manifest = '';
  if (parts.dataId) manifest += `id:${parts.dataId};`;
  if (parts.requestId) manifest += `request-id:${parts.requestId};`;
  if (parts.ts) manifest += `ts:${parts.ts};`;
  return manifest;
}

export function parseSignatureHeader(header: string | undefined): { ts?: string; v1?: string } {
  const out: { ts?: string; v1?: string } = {};
  for (const part of (header ?? '').split(',')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === 'ts') out.ts = value;
    else if (key === 'v1') out.v1 = value;
  }
  return out;
}

function hmacHex(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

/** The header a notification for `dataId` carries (used by the sandbox and the tests' fake). */
export function signNotification(opts: {
  secret: string;
  dataId: string;
  requestId: string;
  ts?: number;
}): string {
  const ts = String(opts.ts ?? Math.floor(Date.now() / 1000));
  const v1 = hmacHex(
    opts.secret,
    buildManifest({ dataId: opts.dataId, requestId: opts.requestId, ts }),
  );
  return `ts=${ts},v1=${v1}`;
}

export type SignatureProblem = 'missing' | 'malformed' | 'expired' | 'mismatch';

/** null when the signature is valid and fresh; otherwise why it is not. */
export function verifySignature(opts: {
  secret: string;
  xSignature: string | undefined;
  xRequestId: string | undefined;
  dataId: string | undefined;
  now?: number;
  toleranceSeconds?: number;
}): SignatureProblem | null {
  if (!opts.xSignature) return 'missing';
  const { ts, v1 } = parseSignatureHeader(opts.xSignature);
  if (!ts || !v1 || !/^\d+$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return 'malformed';
  const nowSeconds = Math.floor((opts.now ?? Date.now()) / 1000);
  const tolerance = opts.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(nowSeconds - Number(ts)) > tolerance) return 'expired';
  const expected = Buffer.from(
    hmacHex(opts.secret, buildManifest({ dataId: opts.dataId, requestId: opts.xRequestId, ts })),
    'hex',
  );
  const given = Buffer.from(v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'mismatch';
  return null;
}
