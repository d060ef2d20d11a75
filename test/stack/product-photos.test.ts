import http from 'node:http';
import sharp from 'sharp';
import type { ApiClient } from '../support/api.client';
import type { JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/** Each of the spec's 13 sizes for a 1200×900 image: a box it fits in, a width, or a square crop (docs/media.md). */
const BOXES: Record<string, [number, number]> = {
  original: [1200, 900],
  large: [1000, 750],
  homepage: [600, 450],
  medium: [400, 300],
  small: [200, 150],
  '64w': [64, 48],
  '200w': [200, 150],
  '400w': [400, 300],
  '600w': [600, 450],
  '1000w': [1000, 750],
  '64sq': [64, 64],
  '200sq': [200, 200],
  '400sq': [400, 400],
};
const MEDIA_URL = /^\/\/localhost:\d+\/media\/[0-9a-f]{64}\/[0-9a-z]+$/;

type Answer = { status: number; body: JsonBody };

describe('product photos through the whole stack (docs/catalog.md#photo-routes)', () => {
  let world: TwoStoreStack;
  let shop: ApiClient;
  let rival: ApiClient;
  let productId: number;
  let uploaded: JsonBody;
  let origin: http.Server;
  let originJpeg: Buffer;

  beforeAll(async () => {
    originJpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a52' } })
      .jpeg()
      .toBuffer();
    origin = http.createServer((req, res) => {
      if (req.url === '/tea.jpg') res.end(originJpeg);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    // The photo's host is this machine: a private address, allowed here only (docs/security.md#outbound-requests).
    world = await startTwoStoreStack('photos', ['photoshop', 'rivalphotos'], { MEDIA_ALLOW_PRIVATE_NETWORKS: 'true' });
    ({ shop, rival } = world);
    productId = (await shop.post('/v1/products.json', { name: 'Green Tea', cents: 1999 })).body.data.id as number;
  });
  afterAll(async () => {
    await world?.stop();
    await new Promise((resolve) => origin?.close(resolve));
  });

  const send = async (
    client: ApiClient,
    method: string,
    path: string,
    body?: string | FormData | Uint8Array,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await fetch(`${client.baseUrl}${path}`, { method, headers: { 'API-KEY': client.apiKey, ...headers }, body });
    return { status: response.status, body: (await response.json()) as JsonBody };
  };
  const photosOf = (path: string) => `/v1/products/${productId}/photos${path}`;

  it('uploads a multipart photo and serves its 13 sizes, each exactly its box, as WebP or JPEG by Accept', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'tea.jpg');
    const answer = await send(shop, 'POST', photosOf(''), form);
    expect(answer.status).toBe(200);
    uploaded = answer.body.data.photo as JsonBody;
    expect(uploaded).toMatchObject({ width: 1200, height: 900 });
    for (const [size, [width, height]] of Object.entries(BOXES)) {
      const url = uploaded[size] as string;
      expect(url).toMatch(MEDIA_URL);
      const webp = await fetch(`http:${url}`, { headers: { Accept: 'image/avif,image/webp,*/*' } });
      expect([webp.status, webp.headers.get('content-type')]).toEqual([200, 'image/webp']);
      const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
      expect([size, meta.format, meta.width, meta.height]).toEqual([size, 'webp', width, height]);
    }
    const jpegAnswer = await fetch(`http:${uploaded.small as string}`);
    expect((await sharp(Buffer.from(await jpegAnswer.arrayBuffer())).metadata()).format).toBe('jpeg');
    expect(
      Object.fromEntries(['content-type', 'cache-control', 'vary', 'x-content-type-options'].map((h) => [h, jpegAnswer.headers.get(h)])),
    ).toEqual({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept',
      'x-content-type-options': 'nosniff',
    });
    const etag = jpegAnswer.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await fetch(`http:${uploaded.small as string}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    // The buyer site's host serves them too (the shop's pages show them there).
    const onSite = await getWithHost(`http:${uploaded.small as string}`, `${world.subdomains[0]}.shops.localhost`);
    expect([onSite.status, onSite.etag]).toEqual([200, etag]);
  });

  it('uploads a raw image first in place, moves it with PUT, and shows both on the product', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#fa0' } })
      .png()
      .toBuffer();
    const raw = await send(shop, 'POST', photosOf('?position=1'), new Uint8Array(png), { 'Content-Type': 'image/png' });
    expect(raw.status).toBe(200);
    const second = raw.body.data.photo as JsonBody;
    expect(second).toMatchObject({ width: 300, height: 200 });
    const ids = async () => ((await send(shop, 'GET', photosOf(''))).body.data.photos as JsonBody[]).map((each) => each.photo.id as number);
    expect(await ids()).toEqual([second.id, uploaded.id]);
    const moved = await send(shop, 'PUT', photosOf(`/${second.id as number}`), JSON.stringify({ position: 2 }), {
      'Content-Type': 'application/json',
    });
    expect(moved.status).toBe(200);
    expect(await ids()).toEqual([uploaded.id, second.id]);
    expect(
      (await send(shop, 'PUT', photosOf(`/${second.id as number}`), 'position=0', { 'Content-Type': 'application/x-www-form-urlencoded' }))
        .status,
    ).toBe(422);
    const product = (await shop.get(`/v1/products/${productId}.json`)).body.data;
    expect(product.photos.map((each: JsonBody) => each.photo.original)).toEqual([uploaded.original, second.original]);
  });

  it("refuses an SVG (422 on photo), more than 25 MB (413), and another store's product or photo (404)", async () => {
    const svg = await send(shop, 'POST', photosOf(''), '<svg xmlns="http://www.w3.org/2000/svg"/>', { 'Content-Type': 'image/svg+xml' });
    expect(svg.status).toBe(422);
    expect(svg.body.meta.errors).toHaveProperty('photo');
    expect(await uploadTooLarge(shop, photosOf(''))).toBe(413);
    expect((await send(rival, 'GET', photosOf(''))).status).toBe(404);
    expect((await send(rival, 'POST', photosOf(''), 'x', { 'Content-Type': 'image/png' })).status).toBe(404);
    expect((await send(rival, 'DELETE', photosOf(`/${uploaded.id as number}`))).status).toBe(404);
  });

  it('hosts a photo given by URL: the product is written at once showing the URL, then shows our renditions', async () => {
    const source = `http://127.0.0.1:${(origin.address() as { port: number }).port}/tea.jpg`;
    const created = await shop.post('/v1/products.json', { name: 'Oolong', cents: 900, photos: [source, `${source}?missing=1`] });
    expect(created.status).toBe(200);
    const [first] = created.body.data.photos as Array<{ photo: JsonBody }>;
    expect(first!.photo).toMatchObject({ width: null, height: null, original: source.replace('http:', '') });
    const id = created.body.data.id as number;
    let hosted: JsonBody | undefined;
    for (let tries = 0; tries < 100 && !hosted; tries += 1) {
      const product = await shop.get(`/v1/products/${id}.json`);
      const photo = (product.body.data.photos as Array<{ photo: JsonBody }>)[0]!.photo;
      if (photo.width !== null) hosted = photo;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(hosted).toMatchObject({ id: first!.photo.id, width: 640, height: 480 });
    expect(hosted!.small).toMatch(MEDIA_URL);
    const small = await fetch(`http:${hosted!.small as string}`);
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 200, height: 150 });
  });

  it('deletes a photo; an unknown media key is 404', async () => {
    const deleted = await send(shop, 'DELETE', photosOf(`/${uploaded.id as number}`));
    expect([deleted.status, deleted.body.data.photo.id]).toEqual([200, uploaded.id]);
    expect((await send(shop, 'GET', photosOf(`/${uploaded.id as number}`))).status).toBe(404);
    expect((await fetch(`${shop.baseUrl}/media/${'0'.repeat(64)}/small`)).status).toBe(404);
  });
});

/** 26 MB streamed without a Content-Length (so only counting stops it), read with node:http whatever happens to the rest. */
function uploadTooLarge(client: ApiClient, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { 'API-KEY': client.apiKey, 'Content-Type': 'image/jpeg' };
    const request = http.request(`${client.baseUrl}${path}`, { method: 'POST', headers }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const write = (): void => {
      while (sent < 26) {
        sent += 1;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

/** A GET with another Host header (fetch does not send one it is given), as a browser on a buyer site's host does. */
function getWithHost(url: string, host: string): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Host: host } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode!, etag: response.headers.etag });
      })
      .on('error', reject);
  });
}
