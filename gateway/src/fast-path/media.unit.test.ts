import type { AddressInfo } from 'node:net';
import express from 'express';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { createHttpServer, listenOn } from './http-server';
import { formatFor, mediaHandler, noneMatch, parseMediaPath, RenditionCache, type Rendition } from './media';

const KEY = '0123456789abcdef'.repeat(4);

describe('parseMediaPath', () => {
  it('takes /media/<64 lower-case hex>/<one of the 13 sizes>, a query string ignored', () => {
    expect(parseMediaPath(`/media/${KEY}/400sq`)).toEqual({ key: KEY, size: '400sq' });
    expect(parseMediaPath(`/media/${KEY}/original?v=1`)).toEqual({ key: KEY, size: 'original' });
  });

  it.each([
    `/media/${KEY.toUpperCase()}/small`,
    `/media/${KEY.slice(1)}/small`,
    `/media/${KEY}/huge`,
    `/media/${KEY}/small/x`,
    `/media/${KEY}`,
    '/media/../etc',
  ])('refuses %s', (path) => expect(parseMediaPath(path)).toBeUndefined());
});

describe('formatFor (Accept)', () => {
  it.each([
    ['image/avif,image/webp,*/*', 'webp'],
    ['image/webp;q=0.5', 'webp'],
    ['IMAGE/WEBP', 'webp'],
    ['image/webp;q=0', 'jpeg'],
    ['image/png,image/*;q=0.8,*/*;q=0.5', 'jpeg'],
    [undefined, 'jpeg'],
  ])('%s → %s', (accept, format) => expect(formatFor(accept)).toBe(format));
});

describe('noneMatch (If-None-Match, weak comparison)', () => {
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
    [undefined, false],
  ])('%s against "abc" → %s', (header, matches) => expect(noneMatch(header, '"abc"')).toBe(matches));
});

describe('RenditionCache', () => {
  const rendition = (bytes: number): Rendition => ({ data: Buffer.alloc(bytes), contentType: 'image/jpeg', etag: '"e"' });

  it('keeps renditions up to its byte budget, dropping the least recently used first', () => {
    const cache = new RenditionCache(100);
    cache.set('a', rendition(40));
    cache.set('b', rendition(40));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', rendition(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(80);
    cache.set('huge', rendition(101));
    expect(cache.get('huge')).toBeUndefined();
  });
});

describe('mediaHandler over HTTP', () => {
  const asked: string[] = [];
  let unavailable = false;
  const source = {
    getRendition: async ({ key, size, format }: { key: string; size: string; format: string }) => {
      asked.push(`${size}/${format}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (unavailable) throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'down' });
      if (key !== KEY) throw new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'no image with key ' + key });
      return { data: Buffer.from(`${size}.${format}`), content_type: `image/${format}`, digest: 'd'.repeat(64), width: 1, height: 1 };
    },
  };
  const server = createHttpServer(express(), { media: mediaHandler(source, { cacheBytes: 1024 }) });
  let base = '';
  beforeAll(async () => {
    await listenOn(server, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    asked.length = 0;
    unavailable = false;
  });

  it('serves a rendition by Accept with its caching headers, asking media once for a burst and then from memory', async () => {
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${base}/media/${KEY}/small`, { headers: { Accept: 'image/webp,*/*' } })),
    );
    expect(asked).toEqual(['small/webp']);
    const res = burst[0]!;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('small.webp');
    expect(
      Object.fromEntries(
        ['content-type', 'etag', 'cache-control', 'vary', 'x-content-type-options', 'cross-origin-resource-policy'].map((h) => [
          h,
          res.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'image/webp',
      etag: `"${'d'.repeat(64)}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    const jpeg = await fetch(`${base}/media/${KEY}/small`, { headers: { Accept: 'image/*' } });
    expect(await jpeg.text()).toBe('small.jpeg');
    await fetch(`${base}/media/${KEY}/small`, { headers: { Accept: 'image/webp' } });
    expect(asked).toEqual(['small/webp', 'small/jpeg']);
  });

  it('answers 304 to a matching If-None-Match, HEAD without a body, 404 for a bad path or unknown key, 503 without media', async () => {
    const etag = `W/"${'d'.repeat(64)}"`;
    const notModified = await fetch(`${base}/media/${KEY}/64w`, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    const head = await fetch(`${base}/media/${KEY}/64w`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, String('64w.jpeg'.length), '']);
    for (const path of [`/media/${KEY}/giant`, `/media/${'f'.repeat(64)}/small`]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('f'.repeat(64));
    }
    unavailable = true;
    expect((await fetch(`${base}/media/${KEY}/200w`)).status).toBe(503);
  });
});
