import http from 'node:http';
import { catalog, media } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import type { ApiKeyIdentityClient } from '../../../auth/authenticator';
import { aGatewayApp, inMemoryIdempotency } from '../../../app.fixture';
import type { BackendClients } from '../../../clients';
import { startTestServer, type TestServer } from '../../../http/test-server';

const KEY = 'a'.repeat(64);
const calls: Array<{ method: string; request: Record<string, unknown> }> = [];
let photoCount = 0;
let addPhotoFails = false;
let mediaRefuses = false;

const hosted = (id: number) => catalog.Photo.fromPartial({ id, image_id: 100 + id, media_key: KEY, width: 800, height: 600 });

const clients = {
  catalog: {
    getProduct: async (request: { product_id: number }) => {
      calls.push({ method: 'getProduct', request });
      if (request.product_id !== 12) throw new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'Product not found' });
      return {
        product: catalog.Product.fromPartial({ id: 12, photos: Array.from({ length: photoCount }, (_, i) => hosted(i + 1)) }),
        store_context: catalog.StoreContext.fromPartial({
          time_zone: 'UTC',
          subdomain: 'shop',
          url: 'https://shop.example',
          currency: 'USD',
        }),
      };
    },
    addPhoto: async (request: Record<string, unknown>) => {
      calls.push({ method: 'addPhoto', request });
      if (addPhotoFails) throw new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'down' });
      return { photo: hosted(9) };
    },
    updatePhoto: async (request: Record<string, unknown>) => {
      calls.push({ method: 'updatePhoto', request });
      return { photo: hosted(3) };
    },
    deleteProduct: async (request: Record<string, unknown>) => {
      calls.push({ method: 'deleteProduct', request });
      return {
        product: catalog.Product.fromPartial({
          id: 12,
          photos: [hosted(1), hosted(2), catalog.Photo.fromPartial({ id: 3, url: 'https://x/y.jpg' })],
        }),
        store_context: catalog.StoreContext.fromPartial({
          time_zone: 'UTC',
          subdomain: 'shop',
          url: 'https://shop.example',
          currency: 'USD',
        }),
      };
    },
    deletePhoto: async (request: Record<string, unknown>) => {
      calls.push({ method: 'deletePhoto', request });
      return { photo: hosted(3) };
    },
  },
  media: {
    storeImage: async (request: { data: Uint8Array }) => {
      calls.push({ method: 'storeImage', request: { bytes: Buffer.from(request.data).toString() } });
      if (mediaRefuses)
        throw new RemoteError({
          code: GrpcStatus.INVALID_ARGUMENT,
          message: 'file: not an accepted image: svg',
          fieldViolations: { file: ['not an accepted image: svg'] },
        });
      return { image: media.Image.fromPartial({ id: 77, key: KEY, status: 'ready', width: 800, height: 600 }) };
    },
    releaseImages: async (request: Record<string, unknown>) => {
      calls.push({ method: 'releaseImages', request });
      return { released: 1 };
    },
  },
} as unknown as BackendClients;

const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async () => ({ store_id: 7, key_id: 'key-7' }),
  checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, identity, { idempotency: inMemoryIdempotency() }));
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  photoCount = 0;
  addPhotoFails = false;
  mediaRefuses = false;
});

const methods = () => calls.map((call) => call.method);

/** Sends a body in chunks with node:http (chunked, no Content-Length), reading the answer whatever happens to the rest. */
function sendChunked(path: string, headers: Record<string, string>, chunk: Buffer, times: number) {
  return new Promise<{ status: number; body: { meta?: Record<string, unknown> } }>((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { method: 'POST', headers: { 'API-KEY': 'k', ...headers } }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()) }));
    });
    request.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < times) {
        sent += 1;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

async function post(body: string | FormData, headers: Record<string, string> = {}, path = '/v1/products/12/photos') {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'API-KEY': 'k', ...headers }, body });
  return { status: res.status, body: (await res.json()) as { data?: { photo?: Record<string, unknown> }; meta: Record<string, unknown> } };
}

describe('POST /v1/products/:id/photos', () => {
  it('takes the first file part of a multipart form and its position, stores it in media, then adds it to the product', async () => {
    const form = new FormData();
    form.append('position', '2');
    form.append('anything', new Blob(['JPEGBYTES'], { type: 'image/jpeg' }), 'tea.jpg');
    const answer = await post(form);
    expect(answer.status).toBe(200);
    expect(methods()).toEqual(['getProduct', 'storeImage', 'addPhoto']);
    expect(calls[1]!.request).toEqual({ bytes: 'JPEGBYTES' });
    expect(calls[2]!.request).toMatchObject({
      store_id: 7,
      product_id: 12,
      image_id: 77,
      media_key: KEY,
      width: 800,
      height: 600,
      position: 2,
    });
    const host = new URL(server.url).host;
    expect(answer.body.data!.photo).toMatchObject({
      id: 9,
      width: 800,
      height: 600,
      original: `//${host}/media/${KEY}/original`,
      '64sq': `//${host}/media/${KEY}/64sq`,
    });
  });

  it('takes a raw body with an image content type, position in the query', async () => {
    const answer = await post('RAWBYTES', { 'Content-Type': 'image/png' }, '/v1/products/12/photos?position=1');
    expect(answer.status).toBe(200);
    expect(calls[1]!.request).toEqual({ bytes: 'RAWBYTES' });
    expect(calls[2]!.request).toMatchObject({ position: 1 });
  });

  it('answers 404 for an unknown product and 409 PhotoLimit for a sixth photo, storing nothing', async () => {
    expect((await post('X', { 'Content-Type': 'image/png' }, '/v1/products/13/photos')).status).toBe(404);
    photoCount = 5;
    const full = await post('X', { 'Content-Type': 'image/png' });
    expect(full.status).toBe(409);
    expect(full.body.meta.error_type).toBe('PhotoLimit');
    expect(methods()).toEqual(['getProduct', 'getProduct']);
  });

  it('answers 422 on photo when no file is sent, or media refuses the bytes; 422 on position not a positive integer', async () => {
    const form = new FormData();
    form.append('position', '1');
    const missing = await post(form);
    expect(missing.status).toBe(422);
    expect(missing.body.meta.errors).toHaveProperty('photo');
    expect((await post('{"a":1}', { 'Content-Type': 'application/json' })).body.meta.errors).toHaveProperty('photo');
    mediaRefuses = true;
    const svg = await post('<svg/>', { 'Content-Type': 'image/svg+xml' });
    expect(svg.status).toBe(422);
    expect(svg.body.meta.errors).toEqual({ photo: ['not an accepted image: svg'] });
    mediaRefuses = false;
    const badPosition = await post('X', { 'Content-Type': 'image/png' }, '/v1/products/12/photos?position=0');
    expect(badPosition.status).toBe(422);
    expect(badPosition.body.meta.errors).toHaveProperty('position');
  });

  it('answers 413 past 25 MB, declared or streamed, without storing anything', async () => {
    const declared = await sendChunked(
      '/v1/products/12/photos',
      { 'Content-Type': 'image/jpeg', 'Content-Length': String(26 * 1024 * 1024) },
      Buffer.alloc(1024 * 1024),
      26,
    );
    expect(declared.status).toBe(413);
    const streamed = await sendChunked('/v1/products/12/photos', { 'Content-Type': 'image/jpeg' }, Buffer.alloc(1024 * 1024), 26);
    expect(streamed.status).toBe(413);
    expect(streamed.body.meta?.error_type).toBe('PayloadTooLarge');
    const form = await sendChunked(
      '/v1/products/12/photos',
      { 'Content-Type': 'multipart/form-data; boundary=XX' },
      Buffer.concat([
        Buffer.from('--XX\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n'),
        Buffer.alloc(1024 * 1024 - 80),
      ]),
      27,
    );
    expect(form.status).toBe(413);
    expect(methods()).not.toContain('storeImage');
  });

  it('releases the stored image when catalog does not add the photo', async () => {
    addPhotoFails = true;
    expect((await post('X', { 'Content-Type': 'image/png' })).status).toBe(503);
    expect(calls.at(-1)).toEqual({ method: 'releaseImages', request: { store_id: 7, image_ids: [77] } });
  });

  it('answers a retry with the same Idempotency-Key with the first photo, storing once', async () => {
    const first = await post('X', { 'Content-Type': 'image/png', 'Idempotency-Key': 'upload-1' });
    const again = await post('X', { 'Content-Type': 'image/png', 'Idempotency-Key': 'upload-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(methods().filter((method) => method === 'storeImage')).toHaveLength(1);
  });
});

describe('PUT /v1/products/:id/photos/:photo_id', () => {
  const put = async (body: string, contentType: string) => {
    const res = await fetch(`${server.url}/v1/products/12/photos/3`, {
      method: 'PUT',
      headers: { 'API-KEY': 'k', 'Content-Type': contentType },
      body,
    });
    return { status: res.status, body: (await res.json()) as { meta: Record<string, unknown> } };
  };

  it('moves a photo to the position sent as JSON or a form, and answers 422 on position for anything but a positive integer', async () => {
    expect((await put('{"position": 2}', 'application/json')).status).toBe(200);
    expect((await put('position=1', 'application/x-www-form-urlencoded')).status).toBe(200);
    expect(calls.map((call) => call.request.position)).toEqual([2, 1]);
    for (const body of ['position=0', 'position=1.5', 'position=abc', '']) {
      const refused = await put(body, 'application/x-www-form-urlencoded');
      expect([body, refused.status, Object.keys(refused.body.meta.errors as object)]).toEqual([body, 422, ['position']]);
    }
    expect(calls).toHaveLength(2);
  });
});

describe('DELETE /v1/products/:id/photos/:photo_id', () => {
  it('answers the deleted photo and releases its image', async () => {
    const res = await fetch(`${server.url}/v1/products/12/photos/3`, { method: 'DELETE', headers: { 'API-KEY': 'k' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { photo: { id: number } } }).data.photo.id).toBe(3);
    expect(calls).toEqual([
      { method: 'deletePhoto', request: { store_id: 7, product_id: 12, photo_id: 3 } },
      { method: 'releaseImages', request: { store_id: 7, image_ids: [103] } },
    ]);
  });
});

describe('DELETE /v1/products/:id', () => {
  it("releases its photos' images", async () => {
    const res = await fetch(`${server.url}/v1/products/12`, { method: 'DELETE', headers: { 'API-KEY': 'k' } });
    expect(res.status).toBe(200);
    expect(calls).toEqual([
      { method: 'deleteProduct', request: { store_id: 7, product_id: 12 } },
      { method: 'releaseImages', request: { store_id: 7, image_ids: [101, 102] } },
    ]);
  });
});

describe('media URLs', () => {
  it("are written on PUBLIC_URL's host when it is set, in the product's JSON too", async () => {
    photoCount = 1;
    const app = aGatewayApp(clients, identity, { publicUrl: 'https://api.example.com/' });
    const other = await startTestServer(app);
    try {
      const photos = await fetch(`${other.url}/v1/products/12/photos`, { headers: { 'API-KEY': 'k' } });
      const listed = (await photos.json()) as { data: { photos: Array<{ photo: Record<string, unknown> }> } };
      expect(listed.data.photos[0]!.photo.large).toBe(`//api.example.com/media/${KEY}/large`);
      const product = await fetch(`${other.url}/v1/products/12`, { headers: { 'API-KEY': 'k' } });
      const body = (await product.json()) as { data: { photos: Array<{ photo: Record<string, unknown> }> } };
      expect(body.data.photos[0]!.photo.original).toBe(`//api.example.com/media/${KEY}/original`);
    } finally {
      await other.close();
    }
  });
});
