import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a response goes as is: the encoding's own overhead eats most of the saving. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API responses (JSON, text) of 1 KB or more for clients that accept it: brotli, then
 * gzip. Files of the client build are compressed once at build time (static-client.ts) and the
 * widget script once per process (webchat's widget-asset.ts): a response that already has a
 * Content-Encoding is left alone. Server-Sent Events are never touched: SseStream hijacks the
 * reply (so no onSend hook sees it), and `text/event-stream` is not a compressible type here
 * either, since a compressor buffers and would hold back the words streamed one by one.
 * Request bodies are not decompressed: no client of ours sends them compressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // The encodings of the build's precompressed files; zstd is left out (Node 20 has none).
    encodings: ['br', 'gzip'],
  });
}
