import sharp from 'sharp';
import { ApiClient, type Fetch } from './api-client';
import { addPhotos, drawPicture, PICTURE_SIDE, pictureSvg } from './photo-step';
import { Progress } from './progress';

describe('demo pictures', () => {
  it('draws each product a JPEG of its own, large enough for every size', async () => {
    const [first, second] = await Promise.all([drawPicture('Jasmine Tea', 0), drawPicture('Jasmine Tea', 1)]);
    expect(await sharp(first!).metadata()).toMatchObject({ format: 'jpeg', width: PICTURE_SIDE, height: PICTURE_SIDE });
    expect(first!.equals(second!)).toBe(false);
    expect(pictureSvg('Tom & <Jerry>', 2)).toContain('>Tom &amp; &lt;Jerry&gt;</text>');
  });

  it("uploads every product's picture as a raw JPEG body, each with its own Idempotency-Key", async () => {
    const sent: Array<{ url: string; headers: Record<string, string>; bytes: number }> = [];
    const fetch: Fetch = async (url, init) => {
      sent.push({ url, headers: init.headers, bytes: init.body instanceof Uint8Array ? init.body.length : -1 });
      const photo = { id: sent.length, width: PICTURE_SIDE, height: PICTURE_SIDE };
      return new Response(JSON.stringify({ data: { photo }, meta: { code: 201 } }), { status: 201 });
    };
    const api = new ApiClient({ baseUrl: 'http://gateway.test', apiKey: 'sk_demo', fetch, sleep: async () => {}, runId: 'run1' });

    const added = await addPhotos(
      api,
      [
        { id: 7, name: 'Mug' },
        { id: 9, name: 'Print' },
      ],
      new Progress({ write: () => true }),
    );

    expect(added).toEqual({ photo_ids: [1, 2] });
    expect(sent.map(({ url }) => url)).toEqual(['http://gateway.test/v1/products/7/photos', 'http://gateway.test/v1/products/9/photos']);
    expect(sent[0]!.headers).toMatchObject({ 'Content-Type': 'image/jpeg', 'API-KEY': 'sk_demo' });
    expect(sent[0]!.headers['Idempotency-Key']).not.toBe(sent[1]!.headers['Idempotency-Key']);
    expect(sent.every(({ bytes }) => bytes > 1000)).toBe(true);
  });
});
