import type { Collection, Doc } from '@commerce/persistence';

interface UsageDocument extends Doc {
  store_id: number;
  used_bytes: number;
  images: number;
}

/** Each store's image bytes against its quota (docs/media.md#references-and-the-quota). */
export class UsageRepository {
  static readonly collection = 'usage';

  constructor(private readonly documents: Collection<UsageDocument>) {}

  /**
   * Takes `bytes` of the store's quota, or answers false when they would pass it. One conditional increment: two uploads
   * racing for the last free megabytes cannot both get them.
   */
  async reserve(storeId: number, bytes: number, quotaBytes: number): Promise<boolean> {
    await this.documents.updateOne({ store_id: storeId }, { $inc: { used_bytes: 0, images: 0 } }, { upsert: true });
    const taken = await this.documents.updateOne(
      { store_id: storeId, used_bytes: { $lte: quotaBytes - bytes } },
      { $inc: { used_bytes: bytes, images: 1 } },
    );
    return taken.matched === 1;
  }

  /** Gives back what `reserve` took (a released image, an upload that failed after reserving). */
  async giveBack(storeId: number, bytes: number): Promise<void> {
    await this.documents.updateOne({ store_id: storeId }, { $inc: { used_bytes: -bytes, images: -1 } });
  }

  async of(storeId: number): Promise<{ used_bytes: number; images: number }> {
    const usage = await this.documents.findOne({ store_id: storeId });
    return { used_bytes: usage?.used_bytes ?? 0, images: usage?.images ?? 0 };
  }
}
