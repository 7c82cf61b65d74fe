import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, outboundFetch } from './outbound';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['200.147.67.142', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.5.4', false],
    ['192.168.0.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['not-an-ip', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('outboundFetch', () => {
  it('refuses loopback literals and names that resolve to loopback, unless private addresses are allowed', async () => {
    const server = createServer((_req, res) => res.end('segredo interno'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      await expect(
        outboundFetch(`http://127.0.0.1:${port}/`, {}, { allowPrivate: false }),
      ).rejects.toThrow(/not a public address/);
      await expect(
        outboundFetch(`http://localhost:${port}/`, {}, { allowPrivate: false }),
      ).rejects.toThrow();
      await expect(outboundFetch(`file:///etc/passwd`, {}, { allowPrivate: true })).rejects.toThrow(
        /unsupported protocol/,
      );
      const allowed = await outboundFetch(`http://127.0.0.1:${port}/`, {}, { allowPrivate: true });
      expect(await allowed.text()).toBe('segredo interno');
    } finally {
      server.close();
    }
  });
});
