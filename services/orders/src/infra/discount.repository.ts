import type { DomainEvent, OutboxCollection } from '@commerce/events';
import { DuplicateKeyError } from '@commerce/persistence';
import { codeKeyOf, discountRecordFields, type Discount } from '../domain/discount';

/**
 * A discount as stored: the record, its write counter (the events' sequence), its pending events, and its deletion.
 * `usage_limit` is absent, never null, when unlimited (a filter cannot name null: the redemption's conditional
 * update tells the two cases apart with `$exists`). `counting` holds the orders whose use is counted in times_used
 * while their redemption row is not marked counted yet (infra/discount-redemption.repository.ts).
 */
export interface DiscountDocument extends Omit<Discount, 'usage_limit'> {
  [key: string]: unknown;
  usage_limit?: number;
  version: number;
  counting?: number[];
  outbox: DomainEvent[];
  deleted_at?: Date;
}

/** The owner's fields an update writes (value as percent_bp/amount, the code's key), never times_used. */
const WRITABLE_FIELDS = [
  ...discountRecordFields.keys.filter((key) => key !== 'value' && key !== 'usage_limit'),
  'code_key',
  'percent_bp',
  'amount',
  'updated_at',
] as const;

export const DISCOUNT_CODE_INDEX = 'discounts_store_code_key';
const LIVE = { deleted_at: { $exists: false } };

/** Which discounts a page lists: the store's live ones, oldest first. */
export interface DiscountPage {
  storeId: number;
  skip: number;
  limit: number;
}

export class DiscountRepository {
  static readonly collection = 'discounts';

  constructor(private readonly discounts: OutboxCollection<DiscountDocument>) {}

  /** Stores the discount with its event; null when the store has a live discount of that code (in any case). */
  async insert(discount: Discount, event: (sequence: number) => DomainEvent): Promise<DiscountDocument | null> {
    const { usage_limit, ...rest } = discount;
    try {
      return await this.discounts.insertWithEvents({ ...rest, ...(usage_limit === null ? {} : { usage_limit }), version: 1 }, [event(1)]);
    } catch (error) {
      if (error instanceof DuplicateKeyError && error.index === DISCOUNT_CODE_INDEX) return null;
      throw error;
    }
  }

  findLive(storeId: number, discountId: number): Promise<DiscountDocument | null> {
    return this.discounts.findOne({ store_id: storeId, id: discountId, ...LIVE });
  }

  /** The store's live discount of that code, compared lower-cased (checkout: what discountRefusal reads). */
  async findByCode(storeId: number, code: string): Promise<Discount | null> {
    const found = await this.discounts.findOne({ store_id: storeId, code_key: codeKeyOf(code), ...LIVE });
    return found && { ...found, usage_limit: found.usage_limit ?? null };
  }

  async page(query: DiscountPage): Promise<{ discounts: DiscountDocument[]; total: number }> {
    const filter = { store_id: query.storeId, ...LIVE };
    const [discounts, total] = await Promise.all([
      this.discounts.find(filter, { sort: { id: 1 }, skip: query.skip, limit: query.limit }),
      this.discounts.count(filter),
    ]);
    return { discounts, total };
  }

  /**
   * Writes the owner's fields of `next` if nobody changed the discount since `current` was read (times_used is the
   * redemptions' and is left alone); null when somebody did or it was deleted; 'duplicate_code' when another live
   * discount of the store has the new code.
   */
  async replace(
    current: DiscountDocument,
    next: Discount,
    event: (sequence: number) => DomainEvent,
  ): Promise<DiscountDocument | null | 'duplicate_code'> {
    const $set: Record<string, unknown> = {};
    for (const field of WRITABLE_FIELDS) $set[field] = next[field];
    const update: Record<string, unknown> = { $set, $inc: { version: 1 } };
    if (next.usage_limit === null) update.$unset = { usage_limit: '' };
    else $set.usage_limit = next.usage_limit;
    try {
      return await this.discounts.findOneAndUpdateWithEvents(
        { store_id: current.store_id, id: current.id, version: current.version, ...LIVE },
        update,
        [event(current.version + 1)],
      );
    } catch (error) {
      if (error instanceof DuplicateKeyError && error.index === DISCOUNT_CODE_INDEX) return 'duplicate_code';
      throw error;
    }
  }

  /**
   * Marks the discount deleted, with its event, and frees its code (its key becomes `deleted:<id>`, which no code
   * can be); null when somebody changed it since `current` was read. The document stays for the event's relay.
   */
  softDelete(current: DiscountDocument, now: Date, event: (sequence: number) => DomainEvent): Promise<DiscountDocument | null> {
    return this.discounts.findOneAndUpdateWithEvents(
      { store_id: current.store_id, id: current.id, version: current.version, ...LIVE },
      { $set: { deleted_at: now, code_key: `deleted:${current.id}` }, $inc: { version: 1 } },
      [event(current.version + 1)],
    );
  }
}
