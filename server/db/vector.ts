/**
 * An embedding as a statement parameter, in pgvector's binary input format (`vector_recv`: the
 * dimension count and an unused word as int16, then every value as a float4, all big-endian).
 * Both drivers send a Buffer parameter in binary format (node-postgres by itself, PGlite through
 * `sendBuffersInBinary`), so `${vectorParam(embedding)}::vector` reaches the server as the
 * values themselves. In the text form a 1536-dimension embedding is ~30 KB of digits, which the
 * embedded engine took ~2.5 ms to parse, every time it appeared in a statement (0.1–0.3 ms in
 * binary; bench/retrieval.ts).
 */
export function vectorParam(values: readonly number[]): Buffer {
  const buffer = Buffer.allocUnsafe(4 + 4 * values.length);
  buffer.writeInt16BE(values.length, 0);
  buffer.writeInt16BE(0, 2);
  values.forEach((value, i) => buffer.writeFloatBE(value, 4 + 4 * i));
  return buffer;
}
