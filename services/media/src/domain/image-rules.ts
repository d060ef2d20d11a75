/**
 * What an uploaded image may be (docs/media.md#what-an-image-may-be): the format read from its bytes, never from a
 * header or a file name; its size in bytes and in pixels, the pixels known from its header before anything is
 * decoded, so a small file that would decode to gigabytes (a decompression bomb) is refused unopened.
 */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
export type ImageFormat = (typeof ACCEPTED_FORMATS)[number];

export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;

/** What the image's header says, as the imaging adapter read it. */
export interface ImageHeader {
  /** The decoder that recognised the bytes (`jpeg`, `png`, `svg`, `heif`...), or null for none. */
  format: string | null;
  /** HEIF containers hold AVIF or HEIC: which one. */
  compression?: string;
  width: number;
  height: number;
}

/** The accepted format of an image, or why it is refused (the 422's message on `photo`). */
export function imageRefusal(byteLength: number, header: ImageHeader | null): { refusal: string } | { format: ImageFormat } {
  if (byteLength === 0) return { refusal: 'is empty' };
  if (byteLength > MAX_IMAGE_BYTES) return { refusal: `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB` };
  const format = header && acceptedFormat(header);
  if (!header || !format) return { refusal: 'is not a JPEG, PNG, WebP, AVIF or GIF image' };
  if (header.width < 1 || header.height < 1) return { refusal: 'has no pixels' };
  if (header.width * header.height > MAX_IMAGE_PIXELS)
    return { refusal: `has ${header.width}×${header.height} pixels, more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels` };
  return { format };
}

function acceptedFormat(header: ImageHeader): ImageFormat | null {
  if (header.format === 'heif') return header.compression === 'av1' ? 'avif' : null;
  return (ACCEPTED_FORMATS as readonly string[]).includes(header.format ?? '') ? (header.format as ImageFormat) : null;
}
