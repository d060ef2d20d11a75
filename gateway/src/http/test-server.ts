import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createHttpServer, listenOn } from '../fast-path/http-server';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** Serves an Express app on an ephemeral port for tests that talk HTTP with `fetch` (no supertest). */
export async function startTestServer(app: Express): Promise<TestServer> {
  const server = createHttpServer(app);
  await listenOn(server, 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
