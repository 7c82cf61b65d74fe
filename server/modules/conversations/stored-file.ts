import type { FastifyReply } from 'fastify';

/**
 * Answers with a stored message file: its sniffed type, private caching, no type guessing by the
 * browser, and the name (RFC 5987) for a download. Images may show inline; documents download.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { mimetype: string; fileName: string; data: Buffer },
) {
  const inline = file.mimetype.startsWith('image/');
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply.header('Content-Type', file.mimetype);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'private, max-age=300');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  reply.header(
    'Content-Disposition',
    `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  );
  return reply.send(file.data);
}
