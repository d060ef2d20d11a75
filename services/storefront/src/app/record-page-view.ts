import type { BackgroundTask } from '@commerce/service-host';
import { clientKeyOf, isPersonAgent, RecentClients } from '../domain/visit-sources';
import { BucketCache, entersThroughMarketplace, marketplaceHost, startsVisit, type VisitBuckets } from '../domain/visits';
import type { StoreRepository } from '../infra/store.repository';
import type { VisitCountIncrement, VisitorDocument, VisitPeriod, VisitRepository } from '../infra/visit.repository';
import type { PageView, PageViewRecorder } from './storefront-deps';

export interface VisitAggregatorOptions {
  visits: VisitRepository;
  /** The store's IANA zone, or null for a store that does not exist (its views are dropped). */
  timeZoneOf(storeId: number): Promise<string | null>;
  storefrontDomain: string;
  /** A flush starts at once when this many views wait (else on the interval). */
  batchSize?: number;
  /** Views held while the store is slow to take them; beyond it new views are dropped (and counted). */
  maxBuffered?: number;
  /** Clients counted without a visitor id that are remembered (domain/visit-sources.ts, MAX_CLIENTS). */
  maxClients?: number;
  onError(error: unknown): void;
}

type Tally = VisitCountIncrement;
const emptyTally = (): Tally => ({ visits: 0, visitors: 0, marketplace_visits: 0, marketplace_visitors: 0 });
const newState = (storeId: number, visitorId: string): VisitorDocument => ({
  store_id: storeId,
  visitor_id: visitorId,
  last_seen: new Date(0),
  day: '',
  week: '',
  marketplace_day: '',
  marketplace_week: '',
});

/**
 * The page-view port (docs/visits.md#definitions): every rendered buyer page lands here. `record` only queues the view; `flush`
 * folds the queued views, in arrival order, into per-browser state and per-store day/week counters and writes
 * them in one batch. Reading the statistics then costs a handful of counter documents whatever the traffic.
 * Views without a User-Agent, known bots and views without a valid time are not counted. A browser is known by
 * the visitor id the gateway signed; any other view counts as its client's (docs/visits.md#who-is-a-visitor).
 */
export class VisitAggregator implements PageViewRecorder {
  private queued: PageView[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private flushScheduled = false;
  private readonly buckets = new BucketCache();
  /** Clients counted without a visitor id: in memory only, so a forged or missing id stores nothing. */
  private readonly clients: RecentClients<VisitorDocument>;
  private readonly marketplace: string;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  /** Views dropped because the queue was full, since the start. */
  dropped = 0;
  /** Views folded into the counters (bots and views without a User-Agent excluded), since the start. */
  counted = 0;

  constructor(private readonly options: VisitAggregatorOptions) {
    this.marketplace = marketplaceHost(options.storefrontDomain);
    this.batchSize = options.batchSize ?? 5_000;
    this.maxBuffered = options.maxBuffered ?? 200_000;
    this.clients = new RecentClients(options.maxClients);
  }

  record(view: PageView): void {
    if (!(view.at instanceof Date) || Number.isNaN(view.at.getTime()) || !isPersonAgent(view.user_agent)) return;
    if (this.queued.length >= this.maxBuffered) {
      this.dropped += 1;
      return;
    }
    this.queued.push(view);
    if (this.queued.length >= this.batchSize && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => void this.flush());
    }
  }

  /** Views recorded and not yet flushed. */
  get pending(): number {
    return this.queued.length;
  }

  /** Writes everything queued so far (after any flush in progress); one flush at a time. A failed batch is reported and not retried. */
  flush(): Promise<void> {
    this.flushScheduled = false;
    this.flushing = this.flushing.then(async () => {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0, this.batchSize);
        await this.apply(batch).catch(this.options.onError);
      }
    });
    return this.flushing;
  }

  private async apply(batch: PageView[]): Promise<void> {
    const byStore = new Map<number, PageView[]>();
    for (const view of batch) {
      const views = byStore.get(view.store_id);
      if (views) views.push(view);
      else byStore.set(view.store_id, [view]);
    }
    const visitors: VisitorDocument[] = [];
    const tallies = new Map<string, { store_id: number; period: VisitPeriod; start: string; inc: Tally }>();
    const tallyOf = (storeId: number, period: VisitPeriod, start: string): Tally => {
      const key = `${storeId}\u0000${period}\u0000${start}`;
      let entry = tallies.get(key);
      if (!entry) tallies.set(key, (entry = { store_id: storeId, period, start, inc: emptyTally() }));
      return entry.inc;
    };
    for (const [storeId, views] of byStore) {
      const timeZone = await this.options.timeZoneOf(storeId);
      if (!timeZone) continue;
      const ids = [...new Set(views.map((view) => view.visitor_id).filter((id) => id !== ''))];
      const known = new Map((await this.options.visits.findVisitors(storeId, ids)).map((doc) => [doc.visitor_id, doc]));
      const touched = new Map<string, VisitorDocument>();
      for (const view of views) {
        const stored = view.visitor_id ? (touched.get(view.visitor_id) ?? known.get(view.visitor_id)) : undefined;
        // A browser seen for the first time (no signed id yet, or its first page with one) moves its client's state.
        const state =
          stored ?? this.clients.stateOf(clientKeyOf(storeId, view.client_address, view.user_agent), () => newState(storeId, ''));
        const at = view.at.getTime();
        const lastSeen = state.last_seen.getTime();
        if (startsVisit(lastSeen === 0 ? undefined : lastSeen, at)) {
          this.countVisit(state, this.buckets.bucketsOf(at, timeZone), entersThroughMarketplace(view, this.marketplace), (period, start) =>
            tallyOf(storeId, period, start),
          );
        }
        if (at > lastSeen) state.last_seen = new Date(at);
        // A signed id is stored from its first view on, continuing its client's visit (its first page came without the cookie).
        if (view.visitor_id) touched.set(view.visitor_id, stored ?? { ...state, visitor_id: view.visitor_id });
        this.counted += 1;
      }
      visitors.push(...touched.values());
    }
    await this.options.visits.apply(visitors, [...tallies.values()]);
  }

  /** A visit starts: it counts in its day and week, and its browser as a visitor there unless counted there already. */
  private countVisit(
    state: VisitorDocument,
    buckets: VisitBuckets,
    marketplace: boolean,
    tally: (period: VisitPeriod, start: string) => Tally,
  ): void {
    const day = tally('day', buckets.day);
    const week = tally('week', buckets.week);
    day.visits += 1;
    week.visits += 1;
    if (state.day !== buckets.day) {
      day.visitors += 1;
      state.day = buckets.day;
    }
    if (state.week !== buckets.week) {
      week.visitors += 1;
      state.week = buckets.week;
    }
    if (!marketplace) return;
    day.marketplace_visits += 1;
    week.marketplace_visits += 1;
    if (state.marketplace_day !== buckets.day) {
      day.marketplace_visitors += 1;
      state.marketplace_day = buckets.day;
    }
    if (state.marketplace_week !== buckets.week) {
      week.marketplace_visitors += 1;
      state.marketplace_week = buckets.week;
    }
  }
}

/** Each store's zone (its record's `time_zone`, else the default), kept for `ttlMs`: a changed zone applies to views after that. */
export function storeTimeZones(
  stores: StoreRepository,
  defaultTimeZone: string,
  ttlMs = 60_000,
): (storeId: number) => Promise<string | null> {
  const kept = new Map<number, { zone: string | null; until: number }>();
  return async (storeId) => {
    const now = Date.now();
    const hit = kept.get(storeId);
    if (hit && hit.until > now) return hit.zone;
    const store = await stores.findById(storeId);
    const zone = store ? store.time_zone || defaultTimeZone : null;
    if (kept.size >= 10_000) kept.clear();
    kept.set(storeId, { zone, until: now + ttlMs });
    return zone;
  };
}

/** Flushes the aggregator every `intervalMs`, and once more when the service stops. */
export function visitFlushTask(aggregator: VisitAggregator, intervalMs = 1_000): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'visit-aggregation',
    start() {
      timer = setInterval(() => void aggregator.flush(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await aggregator.flush();
    },
  };
}

/** Browsers not seen for this long can no longer continue a visit nor be counted again in a shown bucket. */
export const VISITOR_RETENTION_MS = 8 * 24 * 60 * 60 * 1000;
/** Counters are kept this long: the oldest shown week starts at most 55 days before today. */
export const COUNT_RETENTION_DAYS = 63;

/** Retention: drops browsers' state and counters older than anything a read can still show. */
export async function pruneVisits(visits: VisitRepository, now: Date): Promise<{ visitors: number; counts: number }> {
  const startedBefore = new Date(now.getTime() - COUNT_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return visits.prune(new Date(now.getTime() - VISITOR_RETENTION_MS), startedBefore);
}
