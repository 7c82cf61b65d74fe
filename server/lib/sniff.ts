/**
 * File types decided by content (magic bytes), never by the name or the declared type alone.
 */
const startsWith = (data: Uint8Array, bytes: number[], offset = 0) =>
  bytes.every((b, i) => data[offset + i] === b);
const ascii = (data: Uint8Array, text: string, offset = 0) =>
  startsWith(
    data,
    [...text].map((c) => c.charCodeAt(0)),
    offset,
  );

export function sniffImage(data: Uint8Array): string | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(data, 'GIF87a') || ascii(data, 'GIF89a')) return 'image/gif';
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8)) return 'image/webp';
  return null;
}

export function sniffAudio(data: Uint8Array): string | null {
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return 'audio/webm';
  if (ascii(data, 'OggS')) return 'audio/ogg';
  if (ascii(data, 'ID3') || (data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0))
    return 'audio/mpeg';
  if (ascii(data, 'RIFF') && ascii(data, 'WAVE', 8)) return 'audio/wav';
  if (ascii(data, 'ftyp', 4)) return 'audio/mp4';
  return null;
}
