import sharp from 'sharp';
import type { ApiClient } from './api-client';
import type { Progress } from './progress';

/** The side of a demo picture, in pixels: large enough for every one of the 13 sizes (1000w is the largest). */
export const PICTURE_SIDE = 1200;

/** What a POST /v1/products/:id/photos answers: the product's new photo (docs/media.md). */
export interface PhotoRecord {
  id: number;
  width: number | null;
  height: number | null;
}

const SHAPES = ['circle', 'square', 'triangle', 'diamond'] as const;

/** Escapes text for an SVG text node (a product's name may hold `&` or `<`). */
const xmlText = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/**
 * The SVG of product `index`'s picture: a background whose hue steps around the colour wheel by the golden angle (so
 * neighbours never look alike), one of four shapes in a lighter tone, and the product's name. Drawn here rather
 * than downloaded: the seed runs offline and every picture is the product's own.
 */
export function pictureSvg(name: string, index: number, side = PICTURE_SIDE): string {
  const hue = Math.round((index * 137.508) % 360);
  const shape = SHAPES[index % SHAPES.length]!;
  const [c, r] = [side / 2, side * 0.28];
  const fill = `hsl(${hue}, 70%, 78%)`;
  const figure = {
    circle: `<circle cx="${c}" cy="${c * 0.85}" r="${r}" fill="${fill}"/>`,
    square: `<rect x="${c - r}" y="${c * 0.85 - r}" width="${2 * r}" height="${2 * r}" rx="${r / 5}" fill="${fill}"/>`,
    triangle: `<polygon points="${c},${c * 0.85 - r} ${c + r},${c * 0.85 + r} ${c - r},${c * 0.85 + r}" fill="${fill}"/>`,
    diamond: `<polygon points="${c},${c * 0.85 - r} ${c + r},${c * 0.85} ${c},${c * 0.85 + r} ${c - r},${c * 0.85}" fill="${fill}"/>`,
  }[shape];
  const fontSize = Math.round(side / Math.max(12, name.length * 0.62));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue}, 45%, 38%)"/>${figure}` +
    `<text x="50%" y="${side * 0.86}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${fontSize}" ` +
    `fill="#fff">${xmlText(name)}</text></svg>`
  );
}

/** Product `index`'s picture as a JPEG (what a phone's camera gives an owner to upload). */
export const drawPicture = (name: string, index: number): Promise<Buffer> =>
  sharp(Buffer.from(pictureSvg(name, index)))
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * A picture for every product, uploaded as an owner would (POST /v1/products/:id/photos, the JPEG as the raw body).
 * Each POST carries the run's Idempotency-Key like every other, so a retried upload is answered, not added twice.
 */
export async function addPhotos(
  api: ApiClient,
  products: ReadonlyArray<{ id: number; name: string }>,
  progress: Progress,
): Promise<{ photo_ids: number[] }> {
  progress.start('photos', products.length);
  const photoIds: number[] = [];
  for (const [index, product] of products.entries()) {
    const picture = await drawPicture(product.name, index);
    const answer = await api.upload<{ photo: PhotoRecord } | PhotoRecord>(`/v1/products/${product.id}/photos`, picture, 'image/jpeg');
    photoIds.push('photo' in answer ? answer.photo.id : answer.id);
    progress.tick();
  }
  progress.finish();
  return { photo_ids: photoIds };
}
