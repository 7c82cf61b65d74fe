import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './test/harness';

/**
 * Closing the app does not wait for connections that never sent a request (a browser's
 * speculative preconnect, a client's spare socket): Node counts them as neither idle nor busy,
 * and the close used to wait for their headers timeout, a minute. (Streams under way end
 * cleanly at close: server/modules/events/events.int.test.ts.)
 */
describe('app close', () => {
  it('closes a connection that never sent a request, and the close completes', async () => {
    const t = await startTestApp();
    const { hostname, port } = new URL(t.baseUrl);
    const socket: Socket = connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const closedByServer = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await t.close();
    await closedByServer;
    expect(socket.bytesRead).toBe(0);
  });
});
