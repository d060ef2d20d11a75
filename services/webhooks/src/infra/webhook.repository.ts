import { DuplicateKeyError, SharedReads, type Collection } from '@commerce/persistence';
import type { SealedSecret, Webhook, WebhookUpdate } from '../domain/webhook';

/** A webhook as stored: its secret sealed (never in clear), its place among the store's live webhooks, its deletion. */
export interface WebhookDocument extends Webhook {
  [key: string]: unknown;
  signing_secret: SealedSecret;
  /**
   * 1..50 while live, unique per store (the limit holds across replicas); -id once deleted, which frees the
   * place (a missing field would collide with other deleted ones in the unique index).
   */
  slot: number;
  /** Set by a delete; the record stays for its events' deliveries to be dropped, never answered again. */
  deleted_at?: Date;
}

export const SLOT_INDEX = 'webhooks_store_slot';
const LIVE = { deleted_at: { $exists: false } };

export class WebhookRepository {
  static readonly collection = 'webhooks';

  /** The intake asks for every event; the events of a batch share one read per store (SharedReads). */
  private readonly activeReads = new SharedReads((storeId: number) =>
    this.webhooks.find({ store_id: storeId, status: 'active', ...LIVE }, { sort: { id: 1 } }),
  );

  constructor(private readonly webhooks: Collection<WebhookDocument>) {}

  /** The store's live webhooks, by id. */
  list(storeId: number): Promise<WebhookDocument[]> {
    return this.webhooks.find({ store_id: storeId, ...LIVE }, { sort: { id: 1 } });
  }

  findLive(storeId: number, webhookId: number): Promise<WebhookDocument | null> {
    return this.webhooks.findOne({ store_id: storeId, id: webhookId, ...LIVE });
  }

  /** The places the store's live webhooks hold. */
  async takenSlots(storeId: number): Promise<number[]> {
    const found = await this.webhooks.findFields({ store_id: storeId, ...LIVE }, ['slot']);
    return found.map((webhook) => webhook.slot);
  }

  /** Stores the webhook in `slot`; false when another webhook of the store took that place first. */
  async insert(webhook: Webhook, slot: number, secret: SealedSecret): Promise<boolean> {
    try {
      await this.webhooks.insertOne({ ...webhook, slot, signing_secret: secret });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError && error.index === SLOT_INDEX) return false;
      throw error;
    }
  }

  /** Changes the live webhook's fields given (a null disabled_reason is removed); null when there is none (any more). */
  update(storeId: number, webhookId: number, changes: WebhookUpdate): Promise<WebhookDocument | null> {
    const { disabled_reason, ...set } = changes;
    const update: Record<string, unknown> = { $set: disabled_reason ? { ...set, disabled_reason } : set };
    if (disabled_reason === null) update.$unset = { disabled_reason: '' };
    return this.webhooks.findOneAndUpdate({ store_id: storeId, id: webhookId, ...LIVE }, update, { returnDocument: 'after' });
  }

  /** Marks the live webhook deleted and frees its place; answers it as deleted, or null when there is none. */
  softDelete(storeId: number, webhookId: number, now: Date): Promise<WebhookDocument | null> {
    return this.webhooks.findOneAndUpdate(
      { store_id: storeId, id: webhookId, ...LIVE },
      { $set: { deleted_at: now, slot: -webhookId } },
      { returnDocument: 'after' },
    );
  }

  /**
   * The store's active, live webhooks (those an event of the store may go to), read after the call; shared, so never
   * changed by callers.
   */
  active(storeId: number): Promise<readonly WebhookDocument[]> {
    return this.activeReads.get(storeId);
  }

  /** A webhook by id, deleted or not (the delivery worker decides what a deleted one means). */
  byId(storeId: number, webhookId: number): Promise<WebhookDocument | null> {
    return this.webhooks.findOne({ store_id: storeId, id: webhookId });
  }

  /** Disables the live, active webhook with `reason`; false when it is not active (any more). */
  async disable(storeId: number, webhookId: number, reason: string, now: Date): Promise<boolean> {
    const updated = await this.webhooks.updateOne(
      { store_id: storeId, id: webhookId, status: 'active', ...LIVE },
      { $set: { status: 'disabled', disabled_reason: reason, updated_at: now } },
    );
    return updated.matched > 0;
  }
}
