import type { DomainEvent, OutboxCollection } from '@commerce/events';
import { DuplicateKeyError, type Filter } from '@commerce/persistence';
import type { Order, StoredStatus } from '../domain/order';

/** An order with its write counter (optimistic concurrency, event sequence) and the events not yet relayed. */
export interface OrderDocument extends Order {
  [key: string]: unknown;
  version: number;
  outbox: DomainEvent[];
}

/** Which orders a page lists: the store's, optionally of one status, below an id, updated within a range. */
export interface OrderQuery {
  storeId: number;
  status?: StoredStatus;
  /** Only orders with a lower id. */
  olderThanId?: number;
  /** Only orders updated at or after / at or before. */
  updatedAtMin?: Date;
  updatedAtMax?: Date;
  skip: number;
  limit: number;
}

export class OrderRepository {
  static readonly collection = 'orders';

  constructor(private readonly orders: OutboxCollection<OrderDocument>) {}

  findOne(storeId: number, orderId: number): Promise<OrderDocument | null> {
    return this.orders.findOne({ store_id: storeId, id: orderId });
  }

  /** The order with its first events, as stored; null when an order with its id exists already (a retried step). */
  async insert(order: Order, events: DomainEvent[]): Promise<OrderDocument | null> {
    try {
      return await this.orders.insertWithEvents({ ...order, version: 1 }, events);
    } catch (error) {
      if (error instanceof DuplicateKeyError) return null;
      throw error;
    }
  }

  /** Replaces the order if nobody wrote it since `current` was read; null when somebody did. */
  replace(current: OrderDocument, next: Order, events: DomainEvent[]): Promise<OrderDocument | null> {
    const fields: Record<string, unknown> = { ...next };
    delete fields.version; // the document's own: its counter ($inc below) and its outbox (written with the events)
    delete fields.outbox;
    delete fields.outbox_pending;
    delete fields._id;
    return this.orders.findOneAndUpdateWithEvents(
      { store_id: current.store_id, id: current.id, version: current.version },
      { $set: fields, $inc: { version: 1 } },
      events,
      { returnDocument: 'after' },
    );
  }

  /** One page, newest first, with the count and the highest id of every order the filter matches. */
  async page(query: OrderQuery): Promise<{ orders: OrderDocument[]; total: number; maxId: number }> {
    const filter = filterOf(query);
    const [orders, total, [highest]] = await Promise.all([
      this.orders.find(filter, { sort: { id: -1 }, skip: query.skip, limit: query.limit }),
      this.orders.count(filter),
      this.orders.findFields(filter, ['id'], { sort: { id: -1 }, limit: 1 }),
    ]);
    return { orders, total, maxId: highest?.id ?? 0 };
  }

  /** Canceled or failed orders whose stock catalog has not confirmed back, last changed before `before`. */
  stockReturnsDue(before: Date, limit: number): Promise<OrderDocument[]> {
    return this.orders.find({ stock_return: 'pending', updated_at: { $lt: before } }, { sort: { updated_at: 1 }, limit });
  }

  /** Orders with refund work a crash or an unreachable processor or catalog left (docs/money.md#refunds), due before `now`. */
  refundsDue(now: Date, limit: number): Promise<OrderDocument[]> {
    return this.orders.find({ refunds_due_at: { $lt: now } }, { sort: { refunds_due_at: 1 }, limit });
  }

  /** Records that catalog took the stock back (no event: nothing the API shows changed). */
  async stockReturned(storeId: number, orderId: number): Promise<void> {
    await this.orders.updateOne({ store_id: storeId, id: orderId, stock_return: 'pending' }, { $set: { stock_return: 'done' } });
  }
}

/**
 * The query as a filter: always the store, an equality on status when asked, then one range (id, or updated_at):
 * shapes the indexes serve, so the cost does not grow with the store.
 */
function filterOf(query: OrderQuery): Filter {
  const filter: Filter = { store_id: query.storeId };
  if (query.status) filter.status = query.status;
  if (query.olderThanId) filter.id = { $lt: query.olderThanId };
  const updatedAt: Record<string, Date> = {};
  if (query.updatedAtMin) updatedAt.$gte = query.updatedAtMin;
  if (query.updatedAtMax) updatedAt.$lte = query.updatedAtMax;
  if (Object.keys(updatedAt).length > 0) filter.updated_at = updatedAt;
  return filter;
}
