import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768-60999): the port of any outgoing connection, made by this process or by
// another beside it (the services connecting to NATS while the launcher starts them, a test file running beside
// another), is taken from that range, so a port picked here cannot be grabbed that way between the pick and the
// moment its process binds it, as a port taken by binding 0 and closing can. Pickers running side by side choose
// at random, so they rarely meet.
const FIRST_PORT = 20_000;
const PORT_COUNT = 12_000;
const ATTEMPTS = 50;

/** Ports this process has handed out: two picks made before either is bound (a stack's ports) never answer the same. */
const handedOut = new Set<number>();

/**
 * A TCP port that was free a moment ago on 127.0.0.1, outside the range the OS hands out to connections, never one
 * this process answered before nor one of `besides` (ports another process was told to bind, not bound yet).
 */
export async function freePort(options: { besides?: Iterable<number> } = {}): Promise<number> {
  const besides = new Set(options.besides ?? []);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORT_COUNT);
    if (handedOut.has(port) || besides.has(port)) continue;
    // Held before the check, which awaits: a pick made meanwhile (200 at once in a test) cannot take the same port.
    handedOut.add(port);
    if (await portIsFree(port)) return port;
    handedOut.delete(port);
  }
  throw new Error(`no free port found in ${ATTEMPTS} tries between ${FIRST_PORT} and ${FIRST_PORT + PORT_COUNT}`);
}

/** Whether a server could listen on `host:port` a moment ago (`0.0.0.0`: on every IPv4 address, so a port any of them holds is taken). */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
