import type { ImageHeader } from '../domain/image-rules';
import type { Rendition } from '@commerce/api-presenters';
import type { Imaging } from '../app/media-deps';
import type { OutputFormat, RenderedImage } from './sharp-imaging';

/**
 * sharp (libvips) loaded at the first image, not at start: the idle service stays ~30 MB smaller, and a stack whose
 * stores upload nothing never loads it (docs/media.md#image-work). One libvips thread per job and no operation cache:
 * the fair scheduler decides how much runs at once.
 */
export class LazySharpImaging implements Imaging {
  private loaded?: typeof import('./sharp-imaging');

  private module(): typeof import('./sharp-imaging') {
    if (!this.loaded) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at the first image, not at start
      const sharp = require('sharp') as typeof import('sharp');
      sharp.cache(false);
      sharp.concurrency(1);
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- sharp-imaging imports sharp
      this.loaded = require('./sharp-imaging') as typeof import('./sharp-imaging');
    }
    return this.loaded;
  }

  async readHeader(bytes: Buffer): Promise<ImageHeader | null> {
    return this.module().readHeader(bytes);
  }

  async render(bytes: Buffer, rendition: Rendition, format: OutputFormat): Promise<RenderedImage> {
    return this.module().renderImage(bytes, rendition, format);
  }
}
