import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { warnOnUntrustedForwarding } from './proxy-warning';

describe('warnOnUntrustedForwarding', () => {
  it('warns once, at the first request that carries X-Forwarded-For', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        callback();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    warnOnUntrustedForwarding(app);
    app.get('/', async () => 'ok');
    await app.inject({ url: '/' });
    expect(lines).toEqual([]);
    for (let i = 0; i < 3; i++) {
      await app.inject({ url: '/', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    }
    await app.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: expect.stringContaining('TRUST_PROXY') });
  });
});
