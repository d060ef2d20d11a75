// A TCP proxy in front of a sibling that a test can make slow: while held, what the client sends is kept
// (the connection stays up, the call simply takes longer), and sent on when released. Lets a test put a
// backend call past the checkout's lease without stopping the backend.
import net from 'node:net';

export interface HoldingProxy {
  /** host:port to give the client instead of the backend's. */
  readonly address: string;
  /** Where it forwards to; set before the first connection. */
  target: string;
  /** From now on, keep what clients send. */
  hold(): void;
  /** Send on what was kept, and stop keeping. */
  release(): void;
  /** Bytes kept since hold(). */
  readonly heldBytes: number;
  close(): Promise<void>;
}

export async function startHoldingProxy(): Promise<HoldingProxy> {
  let holding = false;
  let heldBytes = 0;
  const waiting: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const proxy = {
    target: '',
    address: '',
    hold() {
      holding = true;
      heldBytes = 0;
    },
    release() {
      holding = false;
      for (const send of waiting.splice(0)) send();
    },
    get heldBytes() {
      return heldBytes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((client) => {
    const separator = proxy.target.lastIndexOf(':');
    const upstream = net.connect(Number(proxy.target.slice(separator + 1)), proxy.target.slice(0, separator));
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk) => {
      if (!holding) {
        upstream.write(chunk);
        return;
      }
      heldBytes += chunk.length;
      waiting.push(() => upstream.write(chunk));
    });
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.address = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return proxy;
}
