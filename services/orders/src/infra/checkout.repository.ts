import { DuplicateKeyError, type Collection } from '@commerce/persistence';
import type { CheckoutInput } from '../domain/checkout-input';

/**
 * The saga log of a checkout (docs/orders.md#how-a-checkout-runs-orders-service), one document per (store, checkout key):
 *   reserving  the live call (or, once its lease ran out, the recovery sweep) is working on it;
 *   done       the order is open and paid;
 *   failed     the charge was declined or could not finish: the order is failed, its stock released;
 *   refused    catalog or shipping refused it (stock, product, destination): no order was written.
 * A checkout cut short before its order was written (a backend unreachable) is forgotten once what it
 * reserved is released, so the buyer can try the same key again. A repeat of a settled key answers what
 * the first call answered (the order, or `failure`).
 */
export type CheckoutState = 'reserving' | 'done' | 'failed' | 'refused';

/** The error a finished checkout answered, kept so a repeat answers the same. */
export interface CheckoutFailure {
  reason: 'INVALID_ARGUMENT' | 'NOT_FOUND' | 'FAILED_PRECONDITION' | 'UNAVAILABLE';
  message: string;
  errorInfoReason?: string;
  metadata?: Record<string, string>;
  fieldViolations?: Record<string, string[]>;
}

/**
 * `failure` as stored: field names such as `address.country` cannot be document keys (no engine takes a dot
 * in a field name), so the violations are kept as a list of pairs.
 */
type StoredFailure = Omit<CheckoutFailure, 'fieldViolations'> & { field_violations?: Array<{ field: string; messages: string[] }> };

const storedFailure = (failure: CheckoutFailure | null): StoredFailure | null => {
  if (!failure) return null;
  const { fieldViolations, ...rest } = failure;
  if (!fieldViolations) return rest;
  return { ...rest, field_violations: Object.entries(fieldViolations).map(([field, messages]) => ({ field, messages })) };
};

const readFailure = (stored: StoredFailure | null): CheckoutFailure | null => {
  if (!stored) return null;
  const { field_violations, ...rest } = stored;
  if (!field_violations) return rest;
  return { ...rest, fieldViolations: Object.fromEntries(field_violations.map(({ field, messages }) => [field, messages])) };
};

const read = (document: CheckoutDocument | null): CheckoutDocument | null =>
  document && { ...document, failure: readFailure(document.failure as StoredFailure | null) };

export interface CheckoutDocument {
  [key: string]: unknown;
  store_id: number;
  checkout_key: string;
  /** Allocated before anything else, so every step (and the sweep) names the same order. */
  order_id: number;
  state: CheckoutState;
  /** What the buyer asked for, without the payment token (the sweep never charges). */
  request: Omit<CheckoutInput, 'payment_token' | 'checkout_key'>;
  /** Who works on it, until when: the sweep takes over a checkout whose lease ran out. */
  lease_token: string;
  lease_until: Date;
  failure: CheckoutFailure | null;
  created_at: Date;
  updated_at: Date;
}

export class CheckoutRepository {
  static readonly collection = 'checkouts';

  constructor(private readonly checkouts: Collection<CheckoutDocument>) {}

  /** Starts the key's checkout; the existing one when the key was used before. */
  async claim(checkout: CheckoutDocument): Promise<{ started: CheckoutDocument } | { existing: CheckoutDocument }> {
    try {
      return { started: await this.checkouts.insertOne(checkout) };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const existing = await this.find(checkout.store_id, checkout.checkout_key);
      if (!existing) throw error;
      return { existing };
    }
  }

  async find(storeId: number, checkoutKey: string): Promise<CheckoutDocument | null> {
    return read(await this.checkouts.findOne({ store_id: storeId, checkout_key: checkoutKey }));
  }

  /** Extends the lease while `token` still holds it; false when the sweep took the checkout over. */
  async renew(checkout: CheckoutDocument, token: string, until: Date): Promise<boolean> {
    const renewed = await this.checkouts.updateOne(
      { store_id: checkout.store_id, checkout_key: checkout.checkout_key, state: 'reserving', lease_token: token },
      { $set: { lease_until: until } },
    );
    return renewed.matched > 0;
  }

  /** Takes over a checkout whose lease ran out (one taker wins); null when it is not due any more. */
  takeOver(checkout: CheckoutDocument, token: string, now: Date, until: Date): Promise<CheckoutDocument | null> {
    return this.checkouts.findOneAndUpdate(
      { store_id: checkout.store_id, checkout_key: checkout.checkout_key, state: 'reserving', lease_until: { $lt: now } },
      { $set: { lease_token: token, lease_until: until } },
    );
  }

  /** Checkouts still at work whose lease ran out before `now`, oldest first. */
  due(now: Date, limit: number): Promise<CheckoutDocument[]> {
    return this.checkouts.find({ state: 'reserving', lease_until: { $lt: now } }, { sort: { lease_until: 1 }, limit });
  }

  /** Forgets a checkout that wrote no order (its reservation released), so its key can start afresh. */
  async forget(checkout: CheckoutDocument): Promise<void> {
    await this.checkouts.deleteOne({
      store_id: checkout.store_id,
      checkout_key: checkout.checkout_key,
      order_id: checkout.order_id,
      state: 'reserving',
    });
  }

  /** Ends the checkout (from 'reserving' only, so a settled outcome never changes). */
  async settle(
    checkout: CheckoutDocument,
    state: Exclude<CheckoutState, 'reserving'>,
    failure: CheckoutFailure | null,
    now: Date,
  ): Promise<void> {
    await this.checkouts.updateOne(
      { store_id: checkout.store_id, checkout_key: checkout.checkout_key, state: 'reserving' },
      { $set: { state, failure: storedFailure(failure), updated_at: now } },
    );
  }
}
