import net from 'node:net';

export type NetworkSwitch = {
  /** The address to open the app at: the server, through the switch. */
  url: string;
  /** Cuts the network for real: open connections are reset and new ones refused, the service worker's too. */
  down(): void;
  up(): void;
  readonly isUp: boolean;
  close(): Promise<void>;
};

/**
 * A TCP relay in front of a server on loopback that the test can cut. Playwright's `setOffline`
 * leaves the service worker's own fetches alone; this does not: while down, every connection
 * (page, service worker, WebSocket) is reset.
 */
export async function startNetworkSwitch(targetPort: number): Promise<NetworkSwitch> {
  let isUp = true;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!isUp) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const down = () => {
    isUp = false;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    url: `http://localhost:${port}`,
    down,
    up() {
      isUp = true;
    },
    get isUp() {
      return isUp;
    },
    async close() {
      down();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
