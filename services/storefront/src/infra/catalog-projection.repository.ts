import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CollectionJson, VariantJson } from '@commerce/api-presenters';
import { DuplicateKeyError, type Collection, type Database, type Doc } from '@commerce/persistence';
import type { CatalogProjectionWriter } from '../app/catalog-projection';
import type { CatalogProjectionReader } from '../app/site-catalogs';
import type { CatalogChanges } from '../domain/kept-store-catalog';
import type { ProductSnapshot } from '../domain/store-catalog';

/** One projected record: the resource as catalog's latest applied event rendered it, and that event's sequence. */
interface ProjectedDocument extends Doc {
  store_id: number;
  id: number;
  /** The resource's event sequence; 0 for a variant seeded from its product's snapshot (any variant event wins). */
  sequence: number;
  /** Deleted records stay as tombstones, so a late older event cannot bring them back. */
  deleted: boolean;
  /**
   * The store's version whose bump followed this record's last write; 0 from the write until that bump stamps it. The
   * site reads again only records stamped after the version it has, and unstamped ones. Missing on records written before
   * stamps existed: the site's first (full) read of a store has them, and their next write stamps them.
   */
  stamp?: number;
  /** Names the last write (unique per write), so a bump stamps only the records its own callers wrote. */
  token?: string;
}

export interface ProjectedProductDocument extends ProjectedDocument {
  product: ProductSnapshot;
}

export interface ProjectedVariantDocument extends ProjectedDocument {
  product_id: number;
  variant: VariantJson;
}

export interface ProjectedCollectionDocument extends ProjectedDocument {
  collection: CollectionJson;
}

/** Counts the changes applied to a store's projection: the site's cached catalog of the store is read again when it moves. */
export interface CatalogVersionDocument extends Doc {
  store_id: number;
  version: number;
  /**
   * When the version last moved: at start the storefront warms the catalogs of the stores changed lately. Missing on
   * versions not moved since it existed.
   */
  updated_at?: Date;
}

/** How the repository is run; tests shrink the page and set the clock. */
export interface CatalogProjectionOptions {
  /** The time a version bump records as the store's `updated_at`. */
  clock?: () => Date;
  /** Records per page of a store's whole read (`liveRecordsOf`), each page one statement (blocking, on SQLite). */
  readPageSize?: number;
}

/** The three collections of projected records, by the name `CatalogProjectionCollections` gives them. */
type RecordCollection = 'products' | 'variants' | 'collections';

export interface CatalogProjectionCollections {
  products: Collection<ProjectedProductDocument>;
  variants: Collection<ProjectedVariantDocument>;
  collections: Collection<ProjectedCollectionDocument>;
  versions: Collection<CatalogVersionDocument>;
}

/**
 * The storefront's projection of catalog (products, variants, collections as catalog's events render them), fed by
 * its event consumer and read by the buyer site. Every write keeps the newer of the stored and the given sequence,
 * so a redelivered or late event never regresses a record.
 *
 * Every write also marks its record unstamped (`stamp: 0`) under a token of its own, and the store's next version
 * bump stamps the records this process wrote before the bump started with the version it made
 * (docs/buyer-site.md#where-the-data-comes-from-and-caching). So a reader that read version V and then the records
 * finds every write its read missed at a stamp above V or at 0: that write committed after the reader read V, and
 * its bump's increment came after the write. A bump never stamps another's writes: a record written after this
 * bump's increment would get a version a reader may already have passed.
 */
export class CatalogProjectionRepository implements CatalogProjectionReader, CatalogProjectionWriter {
  /** Events applied at once share their store's version bump: one write, after their own, moves the version for all of them. */
  private readonly bumps = new CoalescedRuns<number>((storeId) => this.bump(storeId));
  private readonly unstamped = new UnstampedWrites();
  private readonly tokenPrefix = randomUUID();
  private writes = 0;
  private readonly clock: () => Date;
  private readonly readPageSize: number;

  constructor(
    private readonly store: CatalogProjectionCollections,
    options: CatalogProjectionOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.readPageSize = options.readPageSize ?? 2_000;
  }

  /** The repository over its four collections. */
  static open(db: Database, options: CatalogProjectionOptions = {}): CatalogProjectionRepository {
    return new CatalogProjectionRepository(CatalogProjectionRepository.collectionsOf(db), options);
  }

  /** Its collections, which a test may wrap before handing them to the constructor. */
  static collectionsOf(db: Database): CatalogProjectionCollections {
    return {
      products: db.collection<ProjectedProductDocument>('catalog_products'),
      variants: db.collection<ProjectedVariantDocument>('catalog_variants'),
      collections: db.collection<ProjectedCollectionDocument>('catalog_collections'),
      versions: db.collection<CatalogVersionDocument>('catalog_versions'),
    };
  }

  applyProduct(storeId: number, sequence: number, product: ProductSnapshot, deleted: boolean): Promise<boolean> {
    return this.written(storeId, 'products', (token) =>
      applyNewer(this.store.products, { store_id: storeId, id: product.id, sequence, deleted, product, ...token }),
    );
  }

  applyVariant(storeId: number, sequence: number, variant: VariantJson, deleted: boolean): Promise<boolean> {
    return this.written(storeId, 'variants', (token) =>
      applyNewer(this.store.variants, {
        store_id: storeId,
        id: variant.id,
        product_id: variant.product_id,
        sequence,
        deleted,
        variant,
        ...token,
      }),
    );
  }

  async seedVariants(storeId: number, variants: VariantJson[]): Promise<boolean> {
    if (variants.length === 0) return false;
    // Usually every one is stored already (its own event came first, or was applied alongside): one read, no insert.
    const stored = await this.store.variants.findFields({ store_id: storeId, id: { $in: variants.map((variant) => variant.id) } }, ['id']);
    const known = new Set(stored.map((doc) => doc.id));
    let seeded = false;
    for (const variant of variants) if (!known.has(variant.id)) seeded = (await this.seedVariant(storeId, variant)) || seeded;
    return seeded;
  }

  /** Not stored when a racing event stored the variant since the read: any stored variant is at least as new as a snapshot. */
  private seedVariant(storeId: number, variant: VariantJson): Promise<boolean> {
    return this.written(storeId, 'variants', (token) =>
      insertedNew(this.store.variants, {
        store_id: storeId,
        id: variant.id,
        product_id: variant.product_id,
        sequence: 0,
        deleted: false,
        variant,
        ...token,
      }),
    );
  }

  applyCollection(storeId: number, sequence: number, collection: CollectionJson, deleted: boolean): Promise<boolean> {
    return this.written(storeId, 'collections', (token) =>
      applyNewer(this.store.collections, { store_id: storeId, id: collection.id, sequence, deleted, collection, ...token }),
    );
  }

  /**
   * Makes the write with a new token, unstamped; once it wrote, the token waits for the store's next bump. A token is
   * kept only after its write resolved, so a bump that starts before then leaves it to the one after (a later stamp is
   * safe, an earlier one is not).
   */
  private async written(storeId: number, collection: RecordCollection, write: (token: Unstamped) => Promise<boolean>): Promise<boolean> {
    this.writes += 1;
    const token = `${this.tokenPrefix}.${this.writes.toString(36)}`;
    const wrote = await write({ stamp: 0, token });
    if (wrote) this.unstamped.add(storeId, collection, [token]);
    return wrote;
  }

  /**
   * Resolves once a version write that started after this call has finished, and the records written before it are
   * stamped; callers waiting at once share it.
   */
  bumpVersion(storeId: number): Promise<void> {
    return this.bumps.run(storeId);
  }

  /**
   * Moves the store's version, then stamps the records this process wrote before the bump started with the new one.
   * Writes made while it runs are the next bump's. If it fails, its writes go to the next bump (a later stamp only
   * makes a reader read them once more); until stamped they are at 0, which every reader reads.
   */
  private async bump(storeId: number): Promise<void> {
    const tokens = this.unstamped.take(storeId);
    try {
      const after = await this.store.versions.findOneAndUpdate(
        { store_id: storeId },
        { $inc: { version: 1 }, $set: { updated_at: this.clock() } },
        { upsert: true, returnDocument: 'after' },
      );
      const version = after!.version;
      for (const [collection, written] of tokens) {
        await this.store[collection].updateMany({ store_id: storeId, stamp: 0, token: { $in: written } }, { $set: { stamp: version } });
      }
    } catch (error) {
      for (const [collection, written] of tokens) this.unstamped.add(storeId, collection, written);
      throw error;
    }
  }

  async versionOf(storeId: number): Promise<number> {
    return (await this.store.versions.findOne({ store_id: storeId }))?.version ?? 0;
  }

  /**
   * The store's records (tombstones too) stamped after `version`, and the unstamped ones: with `version` read before,
   * every write a read of the records after that version missed (see the class). Unstamped ones are read first: a
   * record stamped between the two reads is in the second; one written again in between is unstamped again, so the
   * next read has it. A record left unstamped (its process died between the write and the bump) is read every time.
   */
  async changesSince(storeId: number, version: number): Promise<CatalogChanges> {
    const [products, variants, collections] = await Promise.all([
      changedSince(this.store.products, storeId, version, ['deleted', 'product']),
      changedSince(this.store.variants, storeId, version, ['deleted', 'variant']),
      changedSince(this.store.collections, storeId, version, ['deleted', 'collection']),
    ]);
    return { products, variants, collections };
  }

  /**
   * The store's live records, read in pages by id (index `{store_id, id}`), one page per turn of the event loop: a
   * big store's whole read (~2 s for 100,000 products; SQLite's reads block the process) lets other stores' calls run
   * between its pages (docs/buyer-site.md#where-the-data-comes-from-and-caching). Every page is read after the version
   * the caller read first, as one read would be: a record written after its page was read committed after that
   * version, so it is stamped above it or unstamped, and the caller's next read of changes has it.
   */
  async liveRecordsOf(storeId: number): Promise<{ products: ProductSnapshot[]; variants: VariantJson[]; collections: CollectionJson[] }> {
    const products = await this.livePages(this.store.products, storeId, 'product');
    await nextTurn();
    const variants = await this.livePages(this.store.variants, storeId, 'variant');
    await nextTurn();
    const collections = await this.livePages(this.store.collections, storeId, 'collection');
    return { products, variants, collections };
  }

  /** One collection's live records of the store in id order, a page per turn (ids never change, so no record is skipped). */
  private async livePages<T extends ProjectedDocument, K extends keyof T & string>(
    collection: Collection<T>,
    storeId: number,
    field: K,
  ): Promise<Array<T[K]>> {
    const records: Array<T[K]> = [];
    let after: number | undefined;
    for (;;) {
      const from = after === undefined ? {} : { id: { $gt: after } };
      const page = await collection.findFields({ store_id: storeId, deleted: false, ...from }, ['id', field], {
        sort: { id: 1 },
        limit: this.readPageSize,
      });
      for (const doc of page) records.push(doc[field]);
      if (page.length < this.readPageSize) return records;
      after = page[page.length - 1]!.id;
      await nextTurn();
    }
  }

  /**
   * The stores whose version moved at or after `since`, the latest first, at most `limit` (index `{updated_at: -1}`):
   * the ones the storefront warms at start.
   */
  async storesChangedSince(since: Date, limit: number): Promise<number[]> {
    const versions = await this.store.versions.findFields({ updated_at: { $gte: since } }, ['store_id'], {
      sort: { updated_at: -1 },
      limit,
    });
    return versions.map((doc) => doc.store_id);
  }
}

/** The records of one collection stamped after `version` or unstamped; a record in both reads comes twice, newer last. */
async function changedSince<T extends ProjectedDocument, K extends keyof T & string>(
  collection: Collection<T>,
  storeId: number,
  version: number,
  fields: readonly K[],
): Promise<Array<Pick<T, K>>> {
  const unstamped = await collection.findFields({ store_id: storeId, stamp: 0 }, fields);
  const stamped = await collection.findFields({ store_id: storeId, stamp: { $gt: version } }, fields);
  return unstamped.concat(stamped);
}

/** What every write of a record sets besides the record: unstamped, under the write's own token. */
interface Unstamped {
  stamp: 0;
  token: string;
}

/** The tokens of the writes this process made per store and collection that no bump has stamped yet. */
class UnstampedWrites {
  private readonly byStore = new Map<number, Map<RecordCollection, string[]>>();

  add(storeId: number, collection: RecordCollection, tokens: readonly string[]): void {
    const store = this.byStore.get(storeId) ?? new Map<RecordCollection, string[]>();
    this.byStore.set(storeId, store);
    const kept = store.get(collection);
    if (kept) for (const token of tokens) kept.push(token);
    else store.set(collection, [...tokens]);
  }

  /** The store's tokens, now the caller's to stamp. */
  take(storeId: number): Map<RecordCollection, string[]> {
    const tokens = this.byStore.get(storeId) ?? new Map<RecordCollection, string[]>();
    this.byStore.delete(storeId);
    return tokens;
  }
}

/**
 * Writes the record unless the stored one has the same or a newer sequence; answers whether it wrote. A resource's
 * first event (sequence 1) usually finds no record: it is inserted at once, one write and no read. Otherwise one
 * upsert: it updates an older record or inserts a new one, and where the stored record is as new or newer its insert
 * collides with the unique (store_id, id) index.
 */
async function applyNewer<T extends ProjectedDocument>(collection: Collection<T>, record: T): Promise<boolean> {
  if (record.sequence === 1 && (await insertedNew(collection, record))) return true;
  const { store_id, id, ...fields } = record;
  const older = { store_id, id, sequence: { $lt: record.sequence } };
  try {
    await collection.updateOne(older, { $set: fields }, { upsert: true });
    return true;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    // Usually the stored record is as new or newer; on MongoDB a racing writer may have inserted an older one since the miss.
    return (await collection.updateOne(older, { $set: fields })).matched > 0;
  }
}

/** Inserts the record unless one of its resource is stored already (seeded, or stored by an earlier or racing event). */
async function insertedNew<T extends ProjectedDocument>(collection: Collection<T>, record: T): Promise<boolean> {
  try {
    await collection.insertOne(record);
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}

/**
 * Per key, one run at a time. A run starts at the end of the turn it was first asked in, so the callers of one turn
 * (the events of a batch, whose writes one commit just made visible) share it; callers arriving while it runs share
 * the single run queued behind it, which starts only after the running one ended, so it comes after every write its
 * callers made before asking.
 */
class CoalescedRuns<K> {
  private readonly runs = new Map<K, KeyRuns>();

  constructor(private readonly task: (key: K) => Promise<void>) {}

  run(key: K): Promise<void> {
    const runs = this.runs.get(key) ?? {};
    this.runs.set(key, runs);
    if (runs.next) return runs.next;
    // A failed run does not keep the next one from starting; its own callers got the failure.
    const previous = runs.running?.catch(() => undefined);
    runs.next = Promise.all([previous, endOfTurn()]).then(() => this.start(key, runs));
    return runs.next;
  }

  private start(key: K, runs: KeyRuns): Promise<void> {
    runs.next = undefined;
    const running = this.task(key);
    runs.running = running;
    void running
      .catch(() => undefined)
      .then(() => {
        if (runs.running === running && !runs.next) this.runs.delete(key);
      });
    return running;
  }
}

/** One key's run in progress, and the run its new callers join (not started yet). */
interface KeyRuns {
  running?: Promise<void>;
  next?: Promise<void>;
}

const endOfTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
