import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { REALTIME_CLOSE } from '#shared/api/realtime.ts';
import type { ServerEvent } from '#shared/api/realtime.ts';
import { createConnection, type Connection, type ConnectionStatus } from './connection.ts';

/** A real WebSocket server on a loopback port; each connection is handed to the test in order. */
let server: WebSocketServer;
let url: string;
let arrivals: { socket: ServerSocket; request: IncomingMessage; first: Promise<string> }[];
let waiting: (() => void)[];
let connection: Connection | null;

beforeEach(async () => {
  arrivals = [];
  waiting = [];
  connection = null;
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/api/realtime`;
  server.on('connection', (socket, request) => {
    const first = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
    arrivals.push({ socket, request, first });
    for (const wake of waiting.splice(0)) wake();
  });
});
afterEach(async () => {
  connection?.stop();
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

async function arrival(n: number) {
  while (arrivals.length <= n) await new Promise<void>((resolve) => waiting.push(resolve));
  return arrivals[n]!;
}

function statusWatcher() {
  const seen: ConnectionStatus[] = [];
  const waiters: { status: ConnectionStatus; resolve: () => void }[] = [];
  return {
    seen,
    onStatus(status: ConnectionStatus) {
      seen.push(status);
      for (const waiter of waiters.filter((w) => w.status === status)) waiter.resolve();
    },
    until(status: ConnectionStatus) {
      if (seen.at(-1) === status) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ status, resolve }));
    },
  };
}

const ready = (socket: ServerSocket, onlineUserIds: string[] = []) => socket.send(JSON.stringify({ type: 'ready', onlineUserIds }));

describe('the live connection', () => {
  it('sends the token as its first message, never in the URL, and passes events on once ready', async () => {
    const events: ServerEvent[] = [];
    const watch = statusWatcher();
    connection = createConnection({ url, token: 'secret-token', onEvent: (e) => events.push(e), onStatus: watch.onStatus });
    const { socket, request, first } = await arrival(0);
    expect(request.url).toBe('/api/realtime');
    expect(JSON.parse(await first)).toEqual({ type: 'auth', token: 'secret-token' });
    expect(connection.send({ type: 'typing', recipientId: 'x', conversationId: 'c' })).toBe(false);
    ready(socket, ['p1']);
    await watch.until('open');
    socket.send(JSON.stringify({ type: 'userOnline', userId: 'p2' }));
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'unknown' }));
    socket.send(JSON.stringify({ type: 'userOffline', userId: 'p1' }));
    await expect.poll(() => events.length).toBe(3);
    expect(events).toEqual([
      { type: 'ready', onlineUserIds: ['p1'] },
      { type: 'userOnline', userId: 'p2' },
      { type: 'userOffline', userId: 'p1' },
    ]);
    const next = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
    expect(connection.send({ type: 'typing', recipientId: 'p2', conversationId: 'c' })).toBe(true);
    expect(JSON.parse(await next)).toEqual({ type: 'typing', recipientId: 'p2', conversationId: 'c' });
  });

  it('never reconnects after the server refused the session (4401)', async () => {
    const watch = statusWatcher();
    connection = createConnection({ url, token: 'dead', onEvent: () => {}, onStatus: watch.onStatus, random: () => 0 });
    const { socket, first } = await arrival(0);
    await first;
    socket.close(REALTIME_CLOSE.unauthorized, 'bad session');
    await watch.until('unauthorized');
    expect(connection.status).toBe('unauthorized');
    expect(connection.retryDelay).toBeNull();
    // Even coming back online does not retry a refused session.
    window.dispatchEvent(new Event('online'));
    expect(connection.status).toBe('unauthorized');
    expect(watch.seen).toEqual(['connecting', 'unauthorized']);
  });

  it('reconnects after a drop with growing jittered waits, at once when the device comes back online', async () => {
    const watch = statusWatcher();
    let clock = 0;
    connection = createConnection({ url, token: 't', onEvent: () => {}, onStatus: watch.onStatus, random: () => 0, now: () => clock });
    (await arrival(0)).socket.terminate();
    await watch.until('waiting');
    expect(connection.retryDelay).toBe(0);
    // Attempt 1 (random 0 → no wait) arrives; dropped again before ready.
    const second = await arrival(1);
    await second.first;
    connection.stop();

    // With random 0.5 the waits are half of 1 s, 2 s, 4 s …
    const watch2 = statusWatcher();
    connection = createConnection({ url, token: 't', onEvent: () => {}, onStatus: watch2.onStatus, random: () => 0.5, now: () => clock });
    const third = await arrival(2);
    await third.first;
    third.socket.terminate();
    await watch2.until('waiting');
    expect(connection.retryDelay).toBe(500);
    // The device comes back online: no need to wait out the 500 ms (the attempt starts at once).
    window.dispatchEvent(new Event('online'));
    expect(connection.status).toBe('connecting');
    const fourth = await arrival(3);
    await fourth.first;
    fourth.socket.terminate();
    await watch2.until('waiting');
    expect(connection.retryDelay).toBe(1000);
    // The tab becoming visible also reconnects at once; a hidden tab waits.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(connection.status).toBe('waiting');
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(connection.status).toBe('connecting');
    visibility.mockRestore();
    const fifth = await arrival(4);
    await fifth.first;
    // A healthy connection (ready, up 10 s) starts the waits over.
    ready(fifth.socket);
    await watch2.until('open');
    clock += 10_000;
    fifth.socket.terminate();
    await watch2.until('waiting');
    expect(connection.retryDelay).toBe(500);
  });

  it('stop() closes the socket for good (sign-out)', async () => {
    const watch = statusWatcher();
    connection = createConnection({ url, token: 't', onEvent: () => {}, onStatus: watch.onStatus, random: () => 0 });
    const { socket, first } = await arrival(0);
    await first;
    ready(socket);
    await watch.until('open');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    connection.stop();
    expect(await closed).toBe(1000);
    expect(connection.status).toBe('stopped');
    window.dispatchEvent(new Event('online'));
    expect(arrivals).toHaveLength(1);
  });
});
