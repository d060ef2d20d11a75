import type { Logger } from '@commerce/grpc-runtime';
import type { ImageHeader } from '../domain/image-rules';
import type { FairLanes } from '../domain/fair-lanes';
import type { Rendition } from '@commerce/api-presenters';
import type { ImageRepository } from '../infra/image.repository';
import type { ImageStore } from '../infra/image-store';
import type { ObjectClaimRepository } from '../infra/object-claim.repository';
import type { OutputFormat, RenderedImage } from '../infra/sharp-imaging';
import type { UsageRepository } from '../infra/usage.repository';

/** Reads headers and makes renditions (infra/sharp-imaging.ts: sharp, loaded at the first image). */
export interface Imaging {
  readHeader(bytes: Buffer): Promise<ImageHeader | null>;
  render(bytes: Buffer, rendition: Rendition, format: OutputFormat): Promise<RenderedImage>;
}

/** Catalog, asked which images its photos still show (infra/catalog.client.ts). */
export interface CatalogPort {
  imagesInUse(storeId: number, imageIds: number[]): Promise<number[]>;
}

/** What fetching a photo given by URL gave: its bytes, or why not (a short reason the owner reads). */
export type FetchResult = { bytes: Buffer } | { error: string };

/** Fetches a photo given by URL under the outbound address rules (infra/url-fetcher.ts). */
export interface UrlFetcher {
  fetch(url: string): Promise<FetchResult>;
}

export interface MediaDeps {
  images: ImageRepository;
  usage: UsageRepository;
  claims: ObjectClaimRepository;
  bytes: ImageStore;
  imaging: Imaging;
  /** Image work (decoding, resizing), fair between stores (docs/media.md#image-work). */
  lanes: FairLanes;
  fetcher: UrlFetcher;
  catalog: CatalogPort;
  nextId: (counter: string) => Promise<number>;
  clock: () => Date;
  logger: Logger;
  /** A store's image bytes, all its images together. */
  quotaBytes: number;
  /** How long bytes no image refers to are kept before they are collected. */
  collectGraceMs: number;
  /** How old an image is before the sweep asks catalog whether a photo shows it. */
  orphanAgeMs: number;
  /** Renditions being made right now, by name: a burst of first requests makes each once. */
  rendering: Map<string, Promise<{ data: Uint8Array; digest: string; width: number; height: number }>>;
}
