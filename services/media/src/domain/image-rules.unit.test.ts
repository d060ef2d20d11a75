import { imageRefusal, MAX_IMAGE_BYTES } from './image-rules';

const header = (format: string | null, width = 800, height = 600, compression?: string) => ({
  format,
  width,
  height,
  ...(compression ? { compression } : {}),
});

describe('what an image may be (docs/media.md#what-an-image-may-be)', () => {
  it.each(['jpeg', 'png', 'webp', 'gif'])('takes %s', (format) => {
    expect(imageRefusal(1_000, header(format))).toEqual({ format });
  });

  it('takes AVIF and refuses HEIC, both HEIF containers', () => {
    expect(imageRefusal(1_000, header('heif', 800, 600, 'av1'))).toEqual({ format: 'avif' });
    expect(imageRefusal(1_000, header('heif', 800, 600, 'hevc'))).toEqual({ refusal: 'is not a JPEG, PNG, WebP, AVIF or GIF image' });
  });

  it.each([['svg'], ['tiff'], ['pdf'], [null]])('refuses %s', (format) => {
    expect(imageRefusal(1_000, header(format))).toEqual({ refusal: 'is not a JPEG, PNG, WebP, AVIF or GIF image' });
  });

  it('refuses nothing, too many bytes, and too many pixels', () => {
    expect(imageRefusal(0, header('png'))).toEqual({ refusal: 'is empty' });
    expect(imageRefusal(MAX_IMAGE_BYTES + 1, header('png'))).toEqual({ refusal: 'is larger than 25 MB' });
    expect(imageRefusal(MAX_IMAGE_BYTES, header('png'))).toEqual({ format: 'png' });
    expect(imageRefusal(1_000, header('png', 10_000, 5_000))).toEqual({ format: 'png' });
    expect(imageRefusal(1_000, header('png', 10_000, 5_001))).toEqual({
      refusal: 'has 10000×5001 pixels, more than 50 megapixels',
    });
    expect(imageRefusal(1_000, header('png', 0, 10))).toEqual({ refusal: 'has no pixels' });
  });
});
