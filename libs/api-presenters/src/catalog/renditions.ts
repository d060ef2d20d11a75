/**
 * The spec's 13 photo sizes as boxes (docs/media.md#the-13-sizes): what each rendition of an image is, for the media
 * service that makes them and the buyer site that writes their `srcset`, `width` and `height`. Pure data and arithmetic.
 *
 * - `original`: the whole image, oriented upright, its metadata stripped; never enlarged or cropped.
 * - `large`, `homepage`, `medium`, `small`: fit inside a square box (1000, 600, 400, 200), never enlarged.
 * - `Nw`: exactly N pixels wide (enlarged if need be), the height keeping the aspect ratio.
 * - `Nsq`: an N×N square, cropped from the centre.
 */
export type Rendition =
  { kind: 'original' } | { kind: 'inside'; box: number } | { kind: 'width'; width: number } | { kind: 'square'; side: number };

export const RENDITIONS = {
  original: { kind: 'original' },
  large: { kind: 'inside', box: 1000 },
  homepage: { kind: 'inside', box: 600 },
  medium: { kind: 'inside', box: 400 },
  small: { kind: 'inside', box: 200 },
  '64w': { kind: 'width', width: 64 },
  '200w': { kind: 'width', width: 200 },
  '400w': { kind: 'width', width: 400 },
  '600w': { kind: 'width', width: 600 },
  '1000w': { kind: 'width', width: 1000 },
  '64sq': { kind: 'square', side: 64 },
  '200sq': { kind: 'square', side: 200 },
  '400sq': { kind: 'square', side: 400 },
} as const satisfies Record<string, Rendition>;

export type RenditionName = keyof typeof RENDITIONS;

export const RENDITION_NAMES = Object.keys(RENDITIONS) as RenditionName[];

export const isRenditionName = (name: string): name is RenditionName => Object.hasOwn(RENDITIONS, name);

/** The size a rendition of an upright `width` × `height` image has: what the page's `width` and `height` say. */
export function renditionSize(rendition: Rendition, width: number, height: number): { width: number; height: number } {
  switch (rendition.kind) {
    case 'original':
      return { width, height };
    case 'inside': {
      const scale = Math.min(1, rendition.box / Math.max(width, height));
      return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    }
    case 'width':
      return { width: rendition.width, height: Math.max(1, Math.round((height * rendition.width) / width)) };
    case 'square':
      return { width: rendition.side, height: rendition.side };
  }
}
