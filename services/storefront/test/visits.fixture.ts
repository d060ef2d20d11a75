import { ensureStorefrontIndexes } from '../src/infra/indexes';
import { OutboxCollection } from '@commerce/events';
// The visit statistics inside the service, for the integration tests: stores in a real SQLite file, page views
// recorded with a moved clock through the real aggregator, and the counts read back through the use case.
import { openDatabase, type Database } from '@commerce/persistence';
import { removeDir, tempDir } from '@commerce/testing';
import { getStoreVisits, type StoreVisits } from '../src/app/get-store-visits';
import { storeTimeZones, VisitAggregator, type VisitAggregatorOptions } from '../src/app/record-page-view';
import { storeEvent } from '../src/app/store-message';
import type { PageView, StorefrontSettings } from '../src/app/storefront-deps';
import { newStoreRecord } from '../src/domain/store';
import { loadStorefrontAssets } from '../src/infra/storefront-assets';
import { StoreRepository, type StoreDocument } from '../src/infra/store.repository';
import { VisitRepository } from '../src/infra/visit.repository';

export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const MINUTE = 60_000;
export const settings: StorefrontSettings = {
  storefrontDomain: 'shops.test',
  storefrontScheme: 'http',
  assetsBaseUrl: '//assets.shops.test',
  defaultTimeZone: 'America/New_York',
  platformDomains: ['shops.test'],
};

export class VisitsFixture {
  db!: Database;
  stores!: StoreRepository;
  visits!: VisitRepository;
  aggregator!: VisitAggregator;
  /** The read's clock: Tuesday 24 Nov 2026, 15:00 in New York. */
  now = new Date('2026-11-24T20:00:00Z');
  readonly errors: unknown[] = [];
  private dir = '';
  /** A client address of each visitor named in `view`, so that each browser's first view comes from a client of its own. */
  private readonly addresses = new Map<string, string>();

  async open(): Promise<void> {
    this.dir = await tempDir('storefront-visits-');
    this.db = await openDatabase({ engine: 'embedded', dir: this.dir });
    this.stores = new StoreRepository(new OutboxCollection(this.db.collection<StoreDocument>(StoreRepository.collection)));
    await ensureStorefrontIndexes(this.db);
    this.visits = VisitRepository.open(this.db);
    this.aggregator = this.newAggregator();
  }

  async close(): Promise<void> {
    await this.db.close();
    await removeDir(this.dir);
  }

  newAggregator(options: Partial<VisitAggregatorOptions> = {}): VisitAggregator {
    const timeZoneOf = storeTimeZones(this.stores, settings.defaultTimeZone, 0);
    return new VisitAggregator({
      visits: this.visits,
      timeZoneOf,
      storefrontDomain: settings.storefrontDomain,
      onError: (error) => this.errors.push(error),
      ...options,
    });
  }

  async aStore(id: number, timeZone = 'America/New_York'): Promise<number> {
    const record = newStoreRecord(
      id,
      {
        name: `Store ${id}`,
        subdomain: `store-${id}`,
        owner_user_id: 1,
        support_email: 'o@example.com',
        paypal_email: '',
        time_zone: timeZone,
      },
      settings.assetsBaseUrl,
      this.now,
      loadStorefrontAssets().storeDefaults,
    );
    await this.stores.insert(record, `key-${id}`, storeEvent('store/created', record, 1, settings));
    return id;
  }

  /** A page view of the browser whose signed id is `visitor` ('' for none) at `at`, from that browser's own address unless `extra` says. */
  view(storeId: number, visitor: string, at: string, extra: Partial<PageView> = {}): PageView {
    if (!this.addresses.has(visitor)) this.addresses.set(visitor, `198.51.100.${this.addresses.size + 1}`);
    return {
      store_id: storeId,
      visitor_id: visitor,
      at: new Date(at),
      user_agent: BROWSER,
      referer: '',
      ref: '',
      client_address: this.addresses.get(visitor)!,
      ...extra,
    };
  }

  async record(...views: PageView[]): Promise<void> {
    for (const one of views) this.aggregator.record(one);
    await this.aggregator.flush();
  }

  read(storeId: number, marketplaceOnly = false): Promise<StoreVisits> {
    return getStoreVisits({ stores: this.stores, visits: this.visits, settings, clock: () => this.now }, storeId, marketplaceOnly);
  }

  async daily(storeId: number, marketplaceOnly = false) {
    return (await this.read(storeId, marketplaceOnly)).daily_visits;
  }

  async today(storeId: number, marketplaceOnly = false) {
    return (await this.daily(storeId, marketplaceOnly)).at(-1)!;
  }

  /** The browsers' state documents stored for a store. */
  storedVisitors(storeId: number): Promise<number> {
    return this.db.collection('visit_visitors').count({ store_id: storeId });
  }
}
