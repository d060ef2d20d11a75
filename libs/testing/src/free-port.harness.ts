import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768-60999): the port of any outgoing connection, made by this test or by
// a test file running beside it, is taken from that range, so a port picked here cannot be grabbed that way
// between the pick and the moment the service binds it. Parallel test files pick at random, so they rarely meet.
const FIRST_PORT = 20_000;
const PORT_COUNT = 12_000;
const ATTEMPTS = 50;

/** A TCP port that was free a moment ago on 127.0.0.1, outside the range the OS hands out to connections. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORT_COUNT);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found in ${ATTEMPTS} tries between ${FIRST_PORT} and ${FIRST_PORT + PORT_COUNT}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
