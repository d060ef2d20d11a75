import type { Rendition } from '@commerce/api-presenters';
import type { Imaging } from '../app/media-deps';
import { MAX_IMAGE_PIXELS, type ImageHeader } from '../domain/image-rules';

type Sharp = typeof import('sharp');
let loading: Promise<Sharp> | undefined;

/**
 * sharp (libvips), loaded at the first image rather than at start: the idle service stays ~30 MB smaller, and a stack
 * whose stores upload nothing never loads it (docs/media.md#image-work). One libvips thread per job and no operation
 * cache: the fair scheduler decides how much runs at once.
 */
function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

/** What the renditions are written as: WebP for clients that accept it, JPEG for the rest (docs/media.md#serving). */
export type OutputFormat = 'webp' | 'jpeg';

export interface RenderedImage {
  data: Buffer;
  width: number;
  height: number;
  format: OutputFormat;
}

/** EXIF orientations 5-8 turn the image a quarter: its upright width is its stored height. */
const QUARTER_TURNS = new Set([5, 6, 7, 8]);

/**
 * The image's header as libvips reads it from the bytes (the format from its signature, never from a name or a
 * Content-Type), with its size upright; nothing is decoded. Null when no decoder recognises the bytes.
 */
export async function readHeader(bytes: Buffer): Promise<ImageHeader | null> {
  try {
    const sharp = await loadSharp();
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    const turned = QUARTER_TURNS.has(metadata.orientation ?? 1);
    return {
      format: metadata.format ?? null,
      ...(metadata.compression ? { compression: metadata.compression } : {}),
      width: (turned ? metadata.height : metadata.width) ?? 0,
      height: (turned ? metadata.width : metadata.height) ?? 0,
    };
  } catch {
    return null;
  }
}

/**
 * One rendition of an accepted image (libs/api-presenters renditions.ts): the first frame, turned upright by its EXIF orientation,
 * resized to its box, with no metadata at all (a photo's GPS position, camera and thumbnail never leave the service);
 * transparency goes on white for JPEG. libvips refuses more than MAX_IMAGE_PIXELS again here, whatever the caller checked.
 */
export async function renderImage(bytes: Buffer, rendition: Rendition, format: OutputFormat): Promise<RenderedImage> {
  const sharp = await loadSharp();
  let image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 }).autoOrient();
  switch (rendition.kind) {
    case 'original':
      break;
    case 'inside':
      image = image.resize({ width: rendition.box, height: rendition.box, fit: 'inside', withoutEnlargement: true });
      break;
    case 'width':
      image = image.resize({ width: rendition.width });
      break;
    case 'square':
      image = image.resize({ width: rendition.side, height: rendition.side, fit: 'cover', position: 'centre' });
      break;
  }
  image = format === 'webp' ? image.webp({ quality: 80 }) : image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format };
}

/** The Imaging port the use cases see, over the functions above. */
export const sharpImaging: Imaging = { readHeader, render: renderImage };
