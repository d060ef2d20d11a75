// The pages server on a real port: where it says it listens, and what it says when it cannot.
import { createServer, type Server } from 'node:net';
import express from 'express';
import { createLogger } from '@commerce/observability';
import { PagesServer } from './pages.server';

const logger = createLogger({ service: 'identity', level: 'silent' });

function pagesOn(port: number): PagesServer {
  const app = express();
  app.get('/', (_req, res) => void res.send('pages'));
  return new PagesServer(app, { IDENTITY_HTTP_HOST: '127.0.0.1', IDENTITY_HTTP_PORT: port }, logger);
}

/** A port some other process holds for as long as the test runs. */
async function takenPort(): Promise<{ port: number; holder: Server }> {
  const holder = createServer();
  await new Promise<void>((resolve, reject) => holder.once('error', reject).listen(0, '127.0.0.1', resolve));
  return { port: (holder.address() as { port: number }).port, holder };
}

describe("identity's pages server", () => {
  it('binds a port of its own when given 0, and says where', async () => {
    const pages = pagesOn(0);
    await pages.start();
    try {
      expect(pages.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(pages.url).not.toBe('http://127.0.0.1:0');
      const response = await fetch(pages.url!);
      expect(await response.text()).toBe('pages');
    } finally {
      await pages.stop();
    }
  });

  it('fails to start, naming the address and the cause, when its port is already taken', async () => {
    const { port, holder } = await takenPort();
    try {
      const pages = pagesOn(port);
      await expect(pages.start()).rejects.toThrow(`identity pages could not listen on 127.0.0.1:${port}: EADDRINUSE`);
      expect(pages.url).toBeUndefined();
      await expect(pages.stop()).resolves.toBeUndefined();
    } finally {
      holder.close();
    }
  });
});
