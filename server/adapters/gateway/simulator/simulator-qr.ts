import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';

export interface SimQr {
  pairingCode: string | null;
  code: string;
  base64: string;
  count: number;
}

/**
 * A QR code shaped like Baileys' ("2@ref,noiseKey,identityKey,advSecret"), rendered as a real
 * PNG data URL. A pairing code exists only when a number was given at create/connect time.
 */
export async function makeQr(count: number, withPairingCode: boolean): Promise<SimQr> {
  const part = (n: number) => randomBytes(n).toString('base64');
  const code = `2@${part(48)},${part(32)},${part(32)},${part(32)}`;
  const base64 = await QRCode.toDataURL(code, { errorCorrectionLevel: 'L', margin: 2, width: 264 });
  const pairingCode = withPairingCode ? pairing() : null;
  return { pairingCode, code, base64, count };
}

function pairing(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTVWXYZ0123456789';
  const chars = [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** The connect/create answer: fields still undefined are left out. */
export function qrAnswer(qr: SimQr) {
  return {
    ...(qr.pairingCode ? { pairingCode: qr.pairingCode } : {}),
    code: qr.code,
    base64: qr.base64,
    count: qr.count,
  };
}
