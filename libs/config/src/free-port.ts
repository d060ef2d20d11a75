import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768-60999): the port of any outgoing connection, made by this process or by
// another beside it (the services connecting to NATS while the launcher starts them, a test file running beside
// another), is taken from that range, so a port picked here cannot be grabbed that way between the pick and the
// moment its process binds it, as a port taken by binding 0 and closing can. Pickers running side by side choose
// at random, so they rarely meet; processes that run side by side all the time (npm test's two jest runs) are each
// given a range of their own with FREE_PORTS, so they never do.
const DEFAULT_RANGE = { first: 20_000, last: 31_999 };
const ATTEMPTS = 50;

/**
 * The ports freePort picks from: FREE_PORTS (`first-last`, e.g. `20000-25999`, at least 100 ports, between 1024 and
 * 65535), or 20000-31999.
 */
export function freePortRange(env: NodeJS.ProcessEnv = process.env): { first: number; last: number } {
  const setting = env.FREE_PORTS;
  if (setting === undefined || setting === '') return DEFAULT_RANGE;
  const match = /^(\d{4,5})-(\d{4,5})$/.exec(setting);
  const [first, last] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(first >= 1024 && last <= 65_535 && last - first >= 99))
    throw new Error(
      `FREE_PORTS must be a range of at least 100 ports between 1024 and 65535, like 20000-25999; got ${setting.slice(0, 40)}`,
    );
  return { first, last };
}

/** Ports this process has handed out: two picks made before either is bound (a stack's ports) never answer the same. */
const handedOut = new Set<number>();

/**
 * A TCP port that was free a moment ago on 127.0.0.1, outside the range the OS hands out to connections, never one
 * this process answered before nor one of `besides` (ports another process was told to bind, not bound yet).
 */
export async function freePort(options: { besides?: Iterable<number> } = {}): Promise<number> {
  const besides = new Set(options.besides ?? []);
  const { first, last } = freePortRange();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = first + Math.floor(Math.random() * (last - first + 1));
    if (handedOut.has(port) || besides.has(port)) continue;
    // Held before the check, which awaits: a pick made meanwhile (200 at once in a test) cannot take the same port.
    handedOut.add(port);
    if (await portIsFree(port)) return port;
    handedOut.delete(port);
  }
  throw new Error(`no free port found in ${ATTEMPTS} tries between ${first} and ${last}`);
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
