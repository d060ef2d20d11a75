import type { DomainEvent, OutboxCollection } from '@commerce/events';
import { DuplicateKeyError, type Filter, type SumGroup } from '@commerce/persistence';
import { DEFAULT_CURRENCY } from '@commerce/money';
import type { Order, StoredStatus } from '../domain/order';
import type { OrderSearch } from '../domain/order-search';
import type { PlacedSums, RefundSums } from '../domain/sales-summary';

/** An order with its write counter (optimistic concurrency, event sequence) and the events not yet relayed. */
export interface OrderDocument extends Order {
  [key: string]: unknown;
  version: number;
  outbox: DomainEvent[];
}

/** Which orders a page lists: the store's, optionally of one status, below an id, updated or placed within a range, searched. */
export interface OrderQuery {
  storeId: number;
  status?: StoredStatus;
  /** Only orders with a lower id. */
  olderThanId?: number;
  /** Only orders updated at or after / at or before. */
  updatedAtMin?: Date;
  updatedAtMax?: Date;
  /** Only orders placed at or after / at or before. */
  createdAtMin?: Date;
  createdAtMax?: Date;
  /** Only the order of a number, or orders whose e-mail holds a text (its characters literal), or either. */
  search?: OrderSearch;
  skip: number;
  limit: number;
}

/** The sales of a range (docs/orders.md#sales-summary): its first instant, its last, and where each day after the first begins. */
export interface SalesQuery {
  storeId: number;
  from: Date;
  to: Date;
  /** `from`, each following day's first instant, and just after `to`: sums are split by these ranges. */
  boundaries: Date[];
}

/** Statuses that never count as sales: a checkout under way, and one that did not complete. */
const NOT_SALES: StoredStatus[] = ['pending', 'failed'];

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

  /**
   * One page, newest first, with the count and the highest id of every order the filter matches. A first page that is
   * not full holds them all: its length is the count and its first order the highest id, so nothing more is read (a
   * search that finds a few orders reads the store's e-mails once, not three times).
   */
  async page(query: OrderQuery): Promise<{ orders: OrderDocument[]; total: number; maxId: number }> {
    const filter = filterOf(query);
    const orders = await this.orders.find(filter, { sort: { id: -1 }, skip: query.skip, limit: query.limit });
    if (query.skip === 0 && orders.length < query.limit) return { orders, total: orders.length, maxId: orders[0]?.id ?? 0 };
    const [total, [highest]] = await Promise.all([
      this.orders.count(filter),
      this.orders.findFields(filter, ['id'], { sort: { id: -1 }, limit: 1 }),
    ]);
    return { orders, total, maxId: highest?.id ?? 0 };
  }

  /**
   * The range's orders (but pending and failed ones) summed by the database per currency, tax mode and day, and the
   * succeeded refunds made in the range per currency and day, whatever order they belong to. Two aggregations, each a
   * range of one index: orders_store_sales (which holds every value the first reads, so SQLite never reads an order),
   * and orders_store_last_refund (only the orders refunded since `from`).
   */
  async sales(query: SalesQuery): Promise<{ placed: PlacedSums[]; refunds: RefundSums[] }> {
    const period = { $gte: query.from, $lte: query.to };
    const [placed, refunded] = await Promise.all([
      this.orders.sumGroups(
        { store_id: query.storeId, created_at: period, status: { $nin: NOT_SALES } },
        {
          sum: ['subtotal', 'discounts', 'shipping', 'tax', 'shipping_tax'],
          groupBy: ['currency', 'prices_include_tax'],
          ranges: { field: 'created_at', boundaries: query.boundaries },
        },
      ),
      this.orders.sumGroups(
        { store_id: query.storeId, last_refund_at: { $gte: query.from } },
        {
          sum: ['refunds.amount'],
          groupBy: ['currency'],
          ranges: { field: 'refunds.created_at', boundaries: query.boundaries },
          unwind: { field: 'refunds', match: { 'refunds.status': 'succeeded', 'refunds.created_at': period } },
        },
      ),
    ]);
    return {
      placed: placed.map((group) => ({
        currency: currencyOf(group),
        pricesIncludeTax: group.key.prices_include_tax === true,
        day: group.range!,
        count: group.count,
        subtotal: group.sums.subtotal,
        discounts: group.sums.discounts,
        shipping: group.sums.shipping,
        tax: group.sums.tax,
        shippingTax: group.sums.shipping_tax,
      })),
      refunds: refunded.map((group) => ({ currency: currencyOf(group), day: group.range!, amount: group.sums['refunds.amount'] })),
    };
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

/** Orders from before currencies were kept are in USD (docs/money.md#currency). */
const currencyOf = (group: SumGroup): string => (typeof group.key.currency === 'string' ? group.key.currency : DEFAULT_CURRENCY);

/**
 * The query as a filter: always the store, an equality on status when asked, then ranges (id, updated_at, created_at)
 * and the search. Which index serves it (infra/indexes.ts): store + status + id with a status, store + created_at
 * (orders_store_sales) with a placement range, store + updated_at with an update range, else store + id. The search
 * narrows no index (an e-mail is searched inside, not by its start): it is checked on the orders the index walks, newest
 * first, so a page stops once it is full; its count reads the store + e-mail index alone (a 100,000-order store:
 * test/bench/README.md#orders-ordersbenchjs).
 */
function filterOf(query: OrderQuery): Filter {
  const filter: Filter = { store_id: query.storeId };
  if (query.status) filter.status = query.status;
  if (query.olderThanId) filter.id = { $lt: query.olderThanId };
  const updatedAt = rangeOf(query.updatedAtMin, query.updatedAtMax);
  if (updatedAt) filter.updated_at = updatedAt;
  const createdAt = rangeOf(query.createdAtMin, query.createdAtMax);
  if (createdAt) filter.created_at = createdAt;
  const search = query.search && searchFilterOf(query.search);
  if (search) filter.$and = [search];
  return filter;
}

function rangeOf(min: Date | undefined, max: Date | undefined): Record<string, Date> | undefined {
  if (!min && !max) return undefined;
  return { ...(min ? { $gte: min } : {}), ...(max ? { $lte: max } : {}) };
}

/** The order of the number, e-mails holding the text (`$contains`: literal, ASCII letters in any case), or either. */
function searchFilterOf({ orderId, emailText }: OrderSearch): Filter | undefined {
  const byNumber: Filter | undefined = orderId === undefined ? undefined : { id: orderId };
  const byEmail: Filter | undefined = emailText === undefined ? undefined : { email: { $contains: emailText } };
  if (byNumber && byEmail) return { $or: [byNumber, byEmail] };
  return byNumber ?? byEmail;
}
