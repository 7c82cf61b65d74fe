import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './test/harness';
import { signedInClient } from './test/http-client';
import { SseReader } from './test/sse-client';
import { waitFor } from './test/wait-for';

/**
 * Closing the app does not wait for connections that never sent a request (a browser's
 * speculative preconnect, a client's spare socket): Node counts them as neither idle nor busy,
 * and the close used to wait for their headers timeout, a minute — those accepted while the
 * preClose hooks run too (the server listens until they are done). (Streams under way end
 * cleanly at close: server/modules/events/events.int.test.ts.) Nor for a keep-alive connection
 * whose request was under way when closing started (a gateway's webhook being stored): Node
 * closes idle connections once, as closing starts, and that one would have stayed open after its
 * answer for the keep-alive timeout (72 s).
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

  it('closes the connections that arrive while closing, until the server stops listening', async () => {
    const t = await startTestApp();
    const { hostname, port } = new URL(t.baseUrl);
    // An owner's open event stream: closing then waits a moment in its preClose hook (the
    // stream ends, the listener stops) with the server still listening.
    const { client } = await signedInClient(t.baseUrl);
    const stream = await SseReader.open(client, '/api/events');
    expect(stream.status).toBe(200);
    const closing = t.close();
    // Connections made one per turn of the event loop from the moment closing starts: some
    // before the preClose hooks, some while they run, none once the server stopped listening.
    const sockets: Promise<void>[] = [];
    while (t.app.server.listening) {
      const socket = connect(Number(port), hostname);
      socket.on('error', () => {});
      sockets.push(new Promise<void>((resolve) => socket.once('close', () => resolve())));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await closing;
    await Promise.all(sockets);
    await stream.ended;
    expect(sockets.length).toBeGreaterThan(0);
  });

  it('answers a request under way when closing started, then closes its connection, and the close completes', async () => {
    const t = await startTestApp();
    const { hostname, port } = new URL(t.baseUrl);
    const socket: Socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const closedByServer = once(socket, 'close');
    const body = JSON.stringify({ event: 'messages.upsert', instance: 'nobody', data: {} });
    // The headers first: the request is routed, and waits for its body.
    const routed = once(t.app.server, 'request');
    socket.write(
      `POST /api/whatsapp/webhook HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: keep-alive\r\n\r\n`,
    );
    await routed;
    const closing = t.close();
    // The server stops listening once closing has started (after the preClose hooks).
    await waitFor(async () => !t.app.server.listening, 'the server closing');
    socket.write(body);
    await closedByServer;
    await closing;
    // Answered as any request (the unknown instance's 401), not refused as the server closes.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('connection: close');
  });
});
