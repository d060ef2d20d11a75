import { DuplicateKeyError, type Collection } from '@commerce/persistence';
import type { RedeemResult } from '../domain/discount';
import type { DiscountDocument } from './discount.repository';

/**
 * One order's use of a discount code (docs/money.md#discount-codes). Unique per order (store_id, order_id), and per
 * (store_id, customer_key): for a once-per-customer discount the key is `<discount_id>:<e-mail lower-cased>`, so a
 * buyer redeems it once; otherwise `order:<order_id>`, unique anyway (a unique index treats a missing field as a
 * value, so every row carries one).
 */
export interface RedemptionDocument {
  [key: string]: unknown;
  store_id: number;
  order_id: number;
  discount_id: number;
  customer_key: string;
  email: string;
  /** True once the use is counted in the discount's times_used (the second write of a redemption). */
  counted: boolean;
  created_at: Date;
}

export type { RedeemResult };

export const REDEMPTION_ORDER_INDEX = 'discount_redemptions_store_order';
export const REDEMPTION_CUSTOMER_INDEX = 'discount_redemptions_store_customer';
const LIVE = { deleted_at: { $exists: false } };
/** Attempts at the count when the limit changed under it (an owner's update); each miss means a real change. */
const MAX_ATTEMPTS = 16;

/**
 * Redemptions, and the count they keep on the discount. Never more than usage_limit: a use is counted by ONE
 * conditional update of the discount (`times_used < usage_limit`, the limit as read, with `$inc`), atomic on SQLite
 * and MongoDB alike, so concurrent checkouts on any number of processes cannot pass it together.
 *
 * A redemption is two writes: (1) the row (its unique indexes make a repeat of the order, or a second use by the
 * same buyer, collide), then (2) the count, which also records the order in the discount's `counting` list, then
 * (3) the row marked counted and the order dropped from `counting`. A crash after (1) leaves a row that is not
 * counted: no use was taken, but the row holds the order's (and buyer's) place until the checkout's recovery
 * redeems again (it takes the count then) or gives the use back (the row goes). A crash after (2) leaves the order in
 * `counting`, so a repeat neither counts twice nor forgets to give it back. Whatever crashes, times_used is never
 * below the uses orders hold: the code is never over-redeemed; at worst a use stays held until the order's
 * recovery finishes it (giveBack after the row was removed but before the count went down holds one use until the
 * owner raises usage_limit).
 */
export class DiscountRedemptionRepository {
  static readonly collection = 'discount_redemptions';

  constructor(
    private readonly redemptions: Collection<RedemptionDocument>,
    private readonly discounts: Collection<DiscountDocument>,
  ) {}

  /** Idempotent per order: a repeat answers 'redeemed' without counting twice. */
  async redeem(storeId: number, discountId: number, use: { orderId: number; email: string; now: Date }): Promise<RedeemResult> {
    const discount = await this.discounts.findOne({ store_id: storeId, id: discountId, ...LIVE });
    if (!discount) return 'spent';
    const row: RedemptionDocument = {
      store_id: storeId,
      order_id: use.orderId,
      discount_id: discountId,
      customer_key: discount.once_per_customer ? `${discountId}:${use.email.trim().toLowerCase()}` : `order:${use.orderId}`,
      email: use.email.trim(),
      counted: false,
      created_at: use.now,
    };
    const placed = await this.place(row);
    if (placed !== 'placed') return placed;
    return this.count(storeId, discountId, use.orderId, discount);
  }

  /**
   * Gives the order's use back: removes its redemption and takes one off times_used, once. False when the order holds
   * no redemption (never redeemed, or given back already).
   */
  async giveBack(storeId: number, orderId: number): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const row = await this.redemptions.findOne({ store_id: storeId, order_id: orderId });
      if (!row) return false;
      // The row's state as read: a concurrent redemption marking it counted meanwhile makes this miss; read again.
      if ((await this.redemptions.deleteOne({ store_id: storeId, order_id: orderId, counted: row.counted })) === 0) continue;
      const discount = { store_id: storeId, id: row.discount_id };
      if (row.counted) await this.discounts.updateOne(discount, { $inc: { times_used: -1 } });
      // Not marked counted: counted only if the order is still in `counting` (a crash between the two writes).
      else await this.discounts.updateOne({ ...discount, counting: orderId }, { $inc: { times_used: -1 }, $pull: { counting: orderId } });
      return true;
    }
    throw new Error(`giveBack: the redemption of order ${orderId} kept changing`);
  }

  /** The order's redemption, if any. */
  findByOrder(storeId: number, orderId: number): Promise<RedemptionDocument | null> {
    return this.redemptions.findOne({ store_id: storeId, order_id: orderId });
  }

  /** Writes the row; an existing row of the order goes on to the count (a repeat) unless counted already. */
  private async place(row: RedemptionDocument): Promise<'placed' | RedeemResult> {
    try {
      await this.redemptions.insertOne(row);
      return 'placed';
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      // A repeat of the order collides on both indexes; the engine names either, so the order's own row decides.
      const existing = await this.redemptions.findOne({ store_id: row.store_id, order_id: row.order_id });
      if (!existing) return error.index === REDEMPTION_CUSTOMER_INDEX ? 'used_by_customer' : this.place(row); // given back meanwhile
      if (existing.discount_id !== row.discount_id)
        throw new Error(`order ${row.order_id} redeemed discount ${existing.discount_id} already`);
      return existing.counted ? 'redeemed' : 'placed';
    }
  }

  /** Takes the use in times_used (never past the limit), then marks the row counted; a spent code removes the row. */
  private async count(storeId: number, discountId: number, orderId: number, read: DiscountDocument): Promise<RedeemResult> {
    let discount: DiscountDocument | null = read;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && discount; attempt++) {
      if (discount.counting?.includes(orderId)) return this.markCounted(storeId, discountId, orderId);
      if (discount.usage_limit !== undefined && discount.times_used >= discount.usage_limit) break;
      // times_used < usage_limit, with the limit as read: an owner's change of the limit makes this miss and read again.
      const limit =
        discount.usage_limit === undefined
          ? { usage_limit: { $exists: false } }
          : { usage_limit: discount.usage_limit, times_used: { $lt: discount.usage_limit } };
      const taken = await this.discounts.updateOne(
        { store_id: storeId, id: discountId, ...LIVE, ...limit, counting: { $ne: orderId } },
        { $inc: { times_used: 1 }, $push: { counting: orderId } },
      );
      if (taken.matched === 1) return this.markCounted(storeId, discountId, orderId);
      // A repeat of this order that finished meanwhile counted it already.
      if ((await this.findByOrder(storeId, orderId))?.counted) return 'redeemed';
      discount = await this.discounts.findOne({ store_id: storeId, id: discountId, ...LIVE });
    }
    await this.redemptions.deleteOne({ store_id: storeId, order_id: orderId, counted: false });
    return 'spent';
  }

  private async markCounted(storeId: number, discountId: number, orderId: number): Promise<RedeemResult> {
    const marked = await this.redemptions.updateOne({ store_id: storeId, order_id: orderId, counted: false }, { $set: { counted: true } });
    await this.discounts.updateOne({ store_id: storeId, id: discountId }, { $pull: { counting: orderId } });
    // No row to mark: given back meanwhile (giveBack took the count off too), so the order holds no use.
    if (marked.matched === 0 && !(await this.findByOrder(storeId, orderId))?.counted) return 'spent';
    return 'redeemed';
  }
}
