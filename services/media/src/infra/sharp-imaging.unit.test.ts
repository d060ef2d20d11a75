import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { imageRefusal } from '../domain/image-rules';
import { RENDITION_NAMES, RENDITIONS, renditionSize } from '@commerce/api-presenters';
import { readHeader, renderImage } from './sharp-imaging';

/** A real image of the given size and format, drawn here. */
const drawn = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif', alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: { r: 200, g: 40, b: 90, alpha: alpha ? 0.5 : 1 } } })
    .toFormat(format)
    .toBuffer();

/** A PNG whose header claims `width` × `height` over a few bytes of pixels: a decompression bomb's shape, under 100 bytes. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('reading an image (docs/media.md#what-an-image-may-be)', () => {
  it.each(['jpeg', 'png', 'webp', 'avif', 'gif'] as const)('knows a %s by its bytes', async (format) => {
    const header = await readHeader(await drawn(30, 20, format));
    expect(header).toMatchObject({ width: 30, height: 20 });
    expect(imageRefusal(100, header)).toEqual({ format });
  });

  it('refuses an SVG, text and an empty body, whatever they are called', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    expect(imageRefusal(svg.length, await readHeader(svg))).toEqual({ refusal: 'is not a JPEG, PNG, WebP, AVIF or GIF image' });
    const text = Buffer.from('GIF89a? no, just text');
    expect(imageRefusal(text.length, await readHeader(text))).toEqual({ refusal: 'is not a JPEG, PNG, WebP, AVIF or GIF image' });
    expect(imageRefusal(0, await readHeader(Buffer.alloc(0)))).toEqual({ refusal: 'is empty' });
  });

  it('refuses a decompression bomb from its header, before decoding, and libvips refuses to decode it anyway', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(100);
    expect(imageRefusal(bomb.length, await readHeader(bomb))).toEqual({
      refusal: 'has 100000×100000 pixels, more than 50 megapixels',
    });
    await expect(renderImage(bomb, RENDITIONS.small, 'jpeg')).rejects.toThrow(/pixel limit/i);
  });
});

describe('renditions (docs/media.md#the-13-sizes)', () => {
  it('makes each of the 13 sizes exactly its box, as WebP or JPEG', async () => {
    const source = await drawn(1200, 800, 'jpeg');
    for (const name of RENDITION_NAMES) {
      for (const format of ['webp', 'jpeg'] as const) {
        const rendered = await renderImage(source, RENDITIONS[name], format);
        const expected = renditionSize(RENDITIONS[name], 1200, 800);
        expect({ name, format, width: rendered.width, height: rendered.height }).toEqual({ name, format, ...expected });
        expect((await sharp(rendered.data).metadata()).format).toBe(format);
      }
    }
  });

  it("strips every piece of metadata: a photo's GPS position does not survive", async () => {
    const withGps = await sharp(await drawn(64, 48, 'jpeg'))
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2379/100' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');
    for (const format of ['jpeg', 'webp'] as const) {
      const metadata = await sharp((await renderImage(withGps, RENDITIONS.original, format)).data).metadata();
      expect({ exif: metadata.exif, icc: metadata.icc, xmp: metadata.xmp, iptc: metadata.iptc }).toEqual({
        exif: undefined,
        icc: undefined,
        xmp: undefined,
        iptc: undefined,
      });
    }
  });

  it('turns a photo upright by its EXIF orientation, and reports the upright size', async () => {
    // Stored 200 wide and 100 high, to be shown turned a quarter (orientation 6): upright it is 100 × 200.
    const sideways = await sharp(await drawn(200, 100, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await readHeader(sideways)).toMatchObject({ width: 100, height: 200 });
    const upright = await renderImage(sideways, RENDITIONS.original, 'jpeg');
    expect({ width: upright.width, height: upright.height }).toEqual({ width: 100, height: 200 });
    expect((await sharp(upright.data).metadata()).orientation).toBeUndefined();
  });

  it("puts a transparent PNG on white for JPEG, and keeps only a GIF's first frame", async () => {
    const jpeg = await renderImage(await drawn(40, 40, 'png', true), RENDITIONS['64sq'], 'jpeg');
    const [r, g, b] = (await sharp(jpeg.data).raw().toBuffer()).subarray(0, 3);
    // Half-transparent (200, 40, 90) on white: about (228, 148, 173).
    expect([r, g, b].map((channel) => Math.round(channel! / 10))).toEqual([23, 15, 17]);

    const red = await drawn(20, 20, 'png');
    const blue = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const animated = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated, { pages: -1 }).metadata()).pages).toBe(2);
    const still = await renderImage(animated, RENDITIONS.original, 'webp');
    expect({ width: still.width, height: still.height, pages: (await sharp(still.data, { pages: -1 }).metadata()).pages ?? 1 }).toEqual({
      width: 20,
      height: 20,
      pages: 1,
    });
  });
});
