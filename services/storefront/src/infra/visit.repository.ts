import type { Collection, Database } from '@commerce/persistence';

/**
 * What the aggregator remembers of one browser of one store: when it was last seen (the 30-minute rule) and
 * the last day and week it was counted as a visitor, overall and as a marketplace visitor. Visits only move
 * forward in time per browser, so the last counted bucket is all a "counted once per bucket" needs.
 */
export interface VisitorDocument {
  [key: string]: unknown;
  store_id: number;
  visitor_id: string;
  last_seen: Date;
  /** `YYYY-MM-DD` (store zone) of the last day / week start it was counted in; '' for never. */
  day: string;
  week: string;
  marketplace_day: string;
  marketplace_week: string;
}

export type VisitPeriod = 'day' | 'week';

/** The counters of one store for one day or one week (`start`: its first day, `YYYY-MM-DD` in the store's zone). */
export interface VisitCountDocument {
  [key: string]: unknown;
  store_id: number;
  period: VisitPeriod;
  start: string;
  visits: number;
  visitors: number;
  marketplace_visits: number;
  marketplace_visitors: number;
}

export type VisitCountIncrement = Pick<VisitCountDocument, 'visits' | 'visitors' | 'marketplace_visits' | 'marketplace_visitors'>;

/** Browsers' state and the counters; each lookup is backed by an index of `ensureStorefrontIndexes` (indexes.ts). */
export class VisitRepository {
  static readonly collections = { visitors: 'visit_visitors', counts: 'visit_counts' } as const;

  constructor(
    private readonly visitors: Collection<VisitorDocument>,
    private readonly counts: Collection<VisitCountDocument>,
  ) {}

  /** The repository over its two collections. */
  static open(db: Database): VisitRepository {
    const { visitors, counts } = VisitRepository.collections;
    return new VisitRepository(db.collection<VisitorDocument>(visitors), db.collection<VisitCountDocument>(counts));
  }

  /** The known browsers among `visitorIds` of one store. */
  async findVisitors(storeId: number, visitorIds: readonly string[]): Promise<VisitorDocument[]> {
    const found: VisitorDocument[] = [];
    for (let i = 0; i < visitorIds.length; i += 500) {
      found.push(...(await this.visitors.find({ store_id: storeId, visitor_id: { $in: visitorIds.slice(i, i + 500) } })));
    }
    return found;
  }

  /**
   * Writes a batch: each browser's new state and each counter's increments, all issued at once so the
   * embedded engine commits them in one transaction (on MongoDB they are separate writes).
   */
  async apply(
    visitors: readonly VisitorDocument[],
    increments: ReadonlyArray<{ store_id: number; period: VisitPeriod; start: string; inc: VisitCountIncrement }>,
  ): Promise<void> {
    const writes: Array<Promise<unknown>> = [];
    for (const { store_id, visitor_id, ...state } of visitors) {
      writes.push(this.visitors.updateOne({ store_id, visitor_id }, { $set: state }, { upsert: true }));
    }
    for (const { store_id, period, start, inc } of increments) {
      writes.push(this.counts.updateOne({ store_id, period, start }, { $inc: inc }, { upsert: true }));
    }
    await Promise.all(writes);
  }

  /** One store's counters of one period for the given starts (the few a read shows). */
  async countsOf(storeId: number, period: VisitPeriod, starts: readonly string[]): Promise<VisitCountDocument[]> {
    return this.counts.find({ store_id: storeId, period, start: { $in: [...starts] } });
  }

  /** Retention: browsers not seen since `seenBefore`, counters of periods that started before `startedBefore`. */
  async prune(seenBefore: Date, startedBefore: string): Promise<{ visitors: number; counts: number }> {
    const visitors = await this.visitors.deleteMany({ last_seen: { $lt: seenBefore } });
    const counts = await this.counts.deleteMany({ start: { $lt: startedBefore } });
    return { visitors, counts };
  }
}
