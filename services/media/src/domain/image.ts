import type { MediaImageResource } from '@commerce/events';
import type { ImageFormat } from './image-rules';

/**
 * A store's reference to image bytes (docs/media.md#references-and-the-quota): what a photo points at. The bytes are
 * shared by every reference with the same key; the reference is the store's own, with an id of its own.
 */
export type ImageStatus = 'ready' | 'pending' | 'failed';

export interface ImageRecord {
  store_id: number;
  id: number;
  /** SHA-256 of the bytes (hex); '' until ready. */
  key: string;
  status: ImageStatus;
  width: number;
  height: number;
  byte_size: number;
  format: ImageFormat | '';
  source_url: string;
  error: string;
  created_at: Date;
  /** When catalog last said a photo shows it (the orphan sweep); absent until asked. */
  checked_at?: Date;
}

/** The image as the contract and the image/* events carry it (proto field names). */
export type MediaImageJson = MediaImageResource;

export function imageJson(image: ImageRecord): MediaImageJson {
  return {
    id: image.id,
    key: image.key,
    status: image.status,
    width: image.width,
    height: image.height,
    byte_size: image.byte_size,
    format: image.format,
    source_url: image.source_url,
    error: image.error,
    created_at: image.created_at.toISOString(),
  };
}

/** An image's bytes as accepted: what a ready reference records of them. */
export interface AcceptedBytes {
  key: string;
  width: number;
  height: number;
  byte_size: number;
  format: ImageFormat;
}
