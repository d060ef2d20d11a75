// The sender against a real HTTP server on loopback: the address given is where it connects, whatever the url's
// host; redirects are answers, not followed; the webhook-delivery header comes back; a silent receiver times out.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpSender } from './http-sender';

let server: http.Server;
let port: number;
const seen: Array<{ path: string; host: string; body: string; headers: http.IncomingHttpHeaders }> = [];
const hanging: http.ServerResponse[] = [];
let connections = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        path: request.url ?? '',
        host: request.headers.host ?? '',
        body: Buffer.concat(chunks).toString(),
        headers: request.headers,
      });
      if (request.url === '/redirect') response.writeHead(302, { location: '/elsewhere' }).end();
      else if (request.url === '/abort') response.writeHead(422, { 'webhook-delivery': 'abort-message' }).end('no');
      else if (request.url === '/hang') hanging.push(response);
      else response.writeHead(204).end();
    });
  });
  server.on('connection', () => connections++);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  sender.close();
  hanging.forEach((response) => response.destroy());
  server.close();
});

const sender = new HttpSender();
const send = (path: string, timeoutMs = 5_000) =>
  sender.send({
    url: `http://receiver.invalid:${port}${path}`,
    addresses: ['127.0.0.1'],
    headers: { 'content-type': 'application/json', 'webhook-id': 'evt' },
    body: '{"a":1}',
    timeoutMs,
  });

beforeEach(() => (seen.length = 0));

it('connects to the given address, sending the url host and the body', async () => {
  expect(await send('/in')).toEqual({ status_code: 204 });
  expect(seen).toMatchObject([
    { path: '/in', host: `receiver.invalid:${port}`, body: '{"a":1}', headers: { 'webhook-id': 'evt', 'content-length': '7' } },
  ]);
});

it('answers a redirect as it is, without following it', async () => {
  expect(await send('/redirect')).toEqual({ status_code: 302 });
  expect(seen.map((request) => request.path)).toEqual(['/redirect']);
});

it('reports the webhook-delivery header', async () => {
  expect(await send('/abort')).toEqual({ status_code: 422, delivery_header: 'abort-message' });
});

it('gives up on a receiver that does not answer within the timeout', async () => {
  expect(await send('/hang', 200)).toEqual({ error: 'no answer within 200 ms' });
});

it('reports a refused connection as an error', async () => {
  const closed = await sender.send({
    url: 'http://receiver.invalid:1/in',
    addresses: ['127.0.0.1'],
    headers: {},
    body: '',
    timeoutMs: 5_000,
  });
  expect(closed).toEqual({ error: expect.stringMatching(/ECONNREFUSED/) });
});

it('tries the next checked address when one refuses the connection', async () => {
  // ::1 answers nothing on the port (the server listens on 127.0.0.1 only), or has no IPv6 at all.
  const answer = await sender.send({
    url: `http://receiver.invalid:${port}/in`,
    addresses: ['::1', '127.0.0.1'],
    headers: {},
    body: '',
    timeoutMs: 5_000,
  });
  expect(answer).toEqual({ status_code: 204 });
});

it('keeps the connection to an address alive and sends the next request over it', async () => {
  const before = connections;
  expect(await send('/in')).toEqual({ status_code: 204 });
  expect(await send('/in')).toEqual({ status_code: 204 });
  expect(connections - before).toBeLessThanOrEqual(1);
  expect(seen).toHaveLength(2);
});
