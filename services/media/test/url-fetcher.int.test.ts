import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressRefusal } from '@commerce/outbound-address';
import { HttpUrlFetcher } from '../src/infra/url-fetcher';

// The fetcher of photos given by URL (docs/media.md#photos-given-by-url) against a server on this machine.
let origin: http.Server;
let originUrl: string;

beforeAll(async () => {
  origin = http.createServer((req, res) => {
    if (req.url === '/declared-huge') res.writeHead(200, { 'content-length': String(30 * 1024 * 1024) }).end();
    else if (req.url === '/streamed') {
      // No Content-Length: the cap applies while the body streams in.
      res.writeHead(200);
      for (let n = 0; n < 8; n += 1) res.write(Buffer.alloc(1024, n));
      res.end();
    } else if (req.url === '/photo') res.end(Buffer.alloc(512, 7));
    else if (req.url?.startsWith('/redirect-private?to='))
      res.writeHead(302, { location: req.url.slice('/redirect-private?to='.length) }).end();
    else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});

afterAll(async () => {
  origin.closeAllConnections();
  await new Promise((resolve) => origin.close(resolve));
});

const allowed = (maxBytes?: number) =>
  new HttpUrlFetcher({ timeoutMs: 2_000, allowPrivateNetworks: true, ...(maxBytes ? { maxBytes } : {}) });

it('refuses a loopback or private address, by IP or by name, when private networks are not allowed', async () => {
  const fetcher = new HttpUrlFetcher({ timeoutMs: 2_000, allowPrivateNetworks: false });
  expect(await fetcher.fetch(`${originUrl}/photo`)).toEqual({ error: 'the address points at a loopback address (127.0.0.1)' });
  expect(await fetcher.fetch('http://10.0.0.1/photo.jpg')).toEqual({ error: 'the address points at a private address (10.0.0.1)' });
  const byName = await fetcher.fetch(`http://localhost:${(origin.address() as AddressInfo).port}/photo`);
  expect(byName).toEqual({ error: expect.stringMatching(/^the address points at a loopback address/) });
});

it('reads a body within the cap, and refuses one past it from its Content-Length or while streaming', async () => {
  expect(await allowed().fetch(`${originUrl}/photo`)).toEqual({ bytes: Buffer.alloc(512, 7) });
  expect(await allowed().fetch(`${originUrl}/declared-huge`)).toEqual({ error: 'the image is larger than 25 MB' });
  expect(await allowed(4 * 1024).fetch(`${originUrl}/streamed`)).toEqual({ error: expect.stringMatching(/^the image is larger than/) });
  expect(await allowed(16 * 1024).fetch(`${originUrl}/streamed`)).toMatchObject({ bytes: expect.any(Buffer) });
});

it('follows at most 3 redirects', async () => {
  expect(await allowed().fetch(`${originUrl}/loop`)).toEqual({ error: 'more than 3 redirects' });
});

it('checks each redirect target as it checked the first address, before following it', async () => {
  // 127.0.0.1 stands for a public address here, 127.0.0.2 for a private one (both reach this server).
  const fetcher = new HttpUrlFetcher({
    timeoutMs: 2_000,
    allowPrivateNetworks: false,
    refusal: (address) => (address === '127.0.0.1' ? null : addressRefusal(address)),
  });
  const port = (origin.address() as AddressInfo).port;
  expect(await fetcher.fetch(`${originUrl}/photo`)).toEqual({ bytes: Buffer.alloc(512, 7) });
  expect(await fetcher.fetch(`${originUrl}/redirect-private?to=http://127.0.0.2:${port}/photo`)).toEqual({
    error: 'the address points at a loopback address (127.0.0.2)',
  });
  expect(await fetcher.fetch(`${originUrl}/redirect-private?to=http://10.0.0.1/photo`)).toEqual({
    error: 'the address points at a private address (10.0.0.1)',
  });
});
