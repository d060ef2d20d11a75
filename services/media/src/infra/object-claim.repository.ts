import { DuplicateKeyError, type Collection, type Doc } from '@commerce/persistence';

interface ObjectClaimDocument extends Doc {
  key: string;
  /** The last time an upload or a release touched the key. */
  touched_at: Date;
  /** Set by a release: the key may have no reference left, the sweep looks. */
  maybe_unused?: boolean;
  /** Set while the sweep collects the key: uploads of the same bytes wait until it is gone. */
  collecting_until?: Date;
}

const NOT_COLLECTING = (now: Date) => ({ $or: [{ collecting_until: { $exists: false } }, { collecting_until: { $lt: now } }] });

/**
 * One record per stored key, the lock between uploads and the collection of unused bytes
 * (docs/media.md#collecting-unused-bytes): an upload touches the key before it refers to it, and the sweep claims only
 * keys untouched for the grace period, so it never deletes bytes an upload has just counted on.
 */
export class ObjectClaimRepository {
  static readonly collection = 'objects';

  constructor(private readonly documents: Collection<ObjectClaimDocument>) {}

  /** Touches the key for an upload: true when done, false while the sweep is collecting it (try again shortly). */
  async touch(key: string, now: Date): Promise<boolean> {
    const touched = await this.documents.updateOne({ key, ...NOT_COLLECTING(now) }, { $set: { touched_at: now } });
    if (touched.matched === 1) return true;
    try {
      await this.documents.insertOne({ key, touched_at: now });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** A reference to the key was dropped: the sweep will look whether any is left, after the grace period. */
  async released(key: string, now: Date): Promise<void> {
    await this.documents.updateOne({ key }, { $set: { touched_at: now, maybe_unused: true } });
  }

  /** Keys released and untouched since `cutoff`, not being collected. */
  async candidates(cutoff: Date, now: Date, limit: number): Promise<string[]> {
    const found = await this.documents.findFields({ maybe_unused: true, touched_at: { $lt: cutoff }, ...NOT_COLLECTING(now) }, ['key'], {
      limit,
    });
    return found.map((claim) => claim.key);
  }

  /** Claims the key for collection if it is still untouched since `cutoff`; false when an upload touched it. */
  async claim(key: string, cutoff: Date, now: Date, until: Date): Promise<boolean> {
    const claimed = await this.documents.updateOne(
      { key, maybe_unused: true, touched_at: { $lt: cutoff }, ...NOT_COLLECTING(now) },
      { $set: { collecting_until: until } },
    );
    return claimed.matched === 1;
  }

  /** The claimed key still has a reference: keep it, and stop looking until the next release. */
  async keep(key: string, now: Date): Promise<void> {
    await this.documents.updateOne({ key }, { $set: { touched_at: now }, $unset: { collecting_until: '', maybe_unused: '' } });
  }

  /** The key's bytes are gone: so is its record. */
  async forget(key: string): Promise<void> {
    await this.documents.deleteOne({ key });
  }
}
