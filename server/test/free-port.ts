import { createServer, type AddressInfo } from 'node:net';

/**
 * A port free right now on loopback, for a server that must know its own address before it
 * starts (PUBLIC_URL, gateway webhooks). Shared by the integration harness, the benches and the
 * e2e servers; it imports nothing of the test runners.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
