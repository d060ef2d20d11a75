import type { ImageRecord } from '../domain/image';
import { acceptBytes } from './accept-bytes';
import type { MediaDeps } from './media-deps';

/** An upload (docs/media.md#what-an-image-may-be): the bytes accepted, then the store's ready image referring to them. */
export async function storeImage(deps: MediaDeps, storeId: number, bytes: Buffer): Promise<ImageRecord> {
  const accepted = await acceptBytes(deps, storeId, bytes);
  const image: ImageRecord = {
    store_id: storeId,
    id: await deps.nextId('image'),
    ...accepted,
    status: 'ready',
    source_url: '',
    error: '',
    created_at: deps.clock(),
  };
  try {
    return await deps.images.insert(image);
  } catch (error) {
    await deps.usage.giveBack(storeId, accepted.byte_size);
    await deps.claims.released(accepted.key, deps.clock());
    throw error;
  }
}
