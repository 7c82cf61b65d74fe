import { GatewayError } from '../gateway/gateway-error';

/**
 * The body of a media download, or null once it passes `limitBytes`. The declared
 * Content-Length is checked first, then every chunk as it arrives, so a missing or lying header
 * never makes us hold more than the limit in memory.
 */
export async function readLimited(response: Response, limitBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch (cause) {
    throw new GatewayError('CLOUD_UNREACHABLE', {
      gatewayMessage: 'media download cut off',
      uncertain: false,
      cause,
    });
  }
  return Buffer.concat(chunks);
}
