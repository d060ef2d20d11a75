import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import express from 'express';
import { ok } from '../http/envelope';
import { createHttpServer, listenOn } from './http-server';

describe('createHttpServer', () => {
  it('hands Express requests and responses already built on its prototypes, and Express serves them as usual', async () => {
    const app = express();
    app.get('/echo', (req, res) => {
      res.locals.requestId = 'req-1';
      res.setHeader('X-Seen-Header', req.get('x-probe') ?? 'none');
      ok(res, { path: req.path, query: req.query });
    });
    const server = createHttpServer(app);
    const prototypes: unknown[] = [];
    server.prependListener('request', (req: IncomingMessage, res) =>
      prototypes.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res)),
    );
    await listenOn(server, 0, '127.0.0.1');
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/echo?color=red`, { headers: { 'X-Probe': 'hello' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-seen-header')).toBe('hello');
      expect(await res.json()).toEqual({ data: { path: '/echo', query: { color: 'red' } }, meta: { code: 200, api_version: '1.0' } });
      expect(prototypes).toEqual([app.request, app.response]);
    } finally {
      server.close();
    }
  });

  it('fails to listen, naming the address and the cause, when the port is already taken', async () => {
    const holder = createServer();
    await new Promise<void>((resolve, reject) => holder.once('error', reject).listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const server = createHttpServer(express());
      await expect(listenOn(server, port, '127.0.0.1')).rejects.toThrow(`gateway could not listen on 127.0.0.1:${port}: EADDRINUSE`);
      expect(server.listening).toBe(false);
    } finally {
      holder.close();
    }
  });
});
