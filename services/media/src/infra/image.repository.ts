import { newEvent, type OutboxCollection } from '@commerce/events';
import type { Doc } from '@commerce/persistence';
import { imageJson, type AcceptedBytes, type ImageRecord } from '../domain/image';

type ImageDocument = ImageRecord & Doc;

/** A store's image references (docs/media.md#references-and-the-quota); image/ready and image/failed ride the outbox. */
export class ImageRepository {
  static readonly collection = 'images';

  constructor(private readonly documents: OutboxCollection<ImageDocument>) {}

  async insert(image: ImageRecord): Promise<ImageRecord> {
    await this.documents.insertOne(image as ImageDocument);
    return image;
  }

  get(storeId: number, id: number): Promise<ImageRecord | null> {
    return this.documents.findOne({ store_id: storeId, id });
  }

  /** The store's images among the ids, in the order asked; others' and unknown ids left out. */
  async find(storeId: number, ids: readonly number[]): Promise<ImageRecord[]> {
    if (ids.length === 0) return [];
    const found = await this.documents.find({ store_id: storeId, id: { $in: [...new Set(ids)] } });
    const byId = new Map(found.map((image) => [image.id, image]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** A pending import's bytes arrived: ready, with image/ready, in one write. Null when it was released meanwhile. */
  markReady(storeId: number, id: number, accepted: AcceptedBytes, now: Date): Promise<ImageRecord | null> {
    return this.settle(storeId, id, 'image/ready', { ...accepted, status: 'ready', error: '' }, now);
  }

  /** A pending import could not be made an image: failed, with image/failed. */
  markFailed(storeId: number, id: number, error: string, now: Date): Promise<ImageRecord | null> {
    return this.settle(storeId, id, 'image/failed', { status: 'failed', error }, now);
  }

  /** Ends a pending import with its event; only a still pending image changes (a repeat or a released one is null). */
  private async settle(
    storeId: number,
    id: number,
    topic: 'image/ready' | 'image/failed',
    changes: Partial<ImageRecord>,
    now: Date,
  ): Promise<ImageRecord | null> {
    const pending = { store_id: storeId, id, status: 'pending' };
    const current = await this.documents.findOne(pending);
    if (!current) return null;
    const settled: ImageRecord = { ...current, ...changes };
    const event = newEvent({ topic, storeId, resourceType: 'image', resourceId: id, sequence: 2, resource: imageJson(settled), now });
    const written = await this.documents.updateWithEvents(pending, { $set: changes }, [event]);
    return written.matched === 1 ? settled : null;
  }

  /** Drops the reference; answers it when this call dropped it (a second release finds nothing). */
  async delete(storeId: number, id: number): Promise<ImageRecord | null> {
    const image = await this.documents.findOne({ store_id: storeId, id });
    if (!image) return null;
    return (await this.documents.deleteOne({ store_id: storeId, id })) === 1 ? image : null;
  }

  /** Whether any reference, of any store, still has the key. */
  async keyInUse(key: string): Promise<boolean> {
    return (await this.documents.count({ key })) > 0;
  }

  /** Imports not finished (a restart resumes them). */
  pending(limit: number): Promise<ImageRecord[]> {
    return this.documents.find({ status: 'pending' }, { sort: { id: 1 }, limit });
  }

  /** Images old enough to ask catalog about, not asked since `checkedBefore`, oldest first. */
  orphanCandidates(createdBefore: Date, checkedBefore: Date, limit: number): Promise<ImageRecord[]> {
    return this.documents.find(
      { created_at: { $lt: createdBefore }, $or: [{ checked_at: { $exists: false } }, { checked_at: { $lt: checkedBefore } }] },
      { sort: { id: 1 }, limit },
    );
  }

  async markChecked(storeId: number, ids: readonly number[], at: Date): Promise<void> {
    if (ids.length > 0) await this.documents.updateMany({ store_id: storeId, id: { $in: [...ids] } }, { $set: { checked_at: at } });
  }
}
