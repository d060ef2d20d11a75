import type { Collection } from '@commerce/persistence';
import type { JetStreamClient, NatsConnection } from 'nats';
import { errorFields, silentLogger, type EventLogger } from './event.logger';
import { ensureDeadLetterStream } from './event.stream';
import { JetStreamPublisher, requestPublisher } from './jetstream-publisher';
import type { DeadEventDocument } from './outbox-dead-letter';
import { OutboxPublication } from './outbox-publication';
import { DRAINED_OUTBOX_FILTER, OUTBOX_PENDING_FIELD, outboxBacklog, PENDING_OUTBOX_FILTER, type OutboxDocument } from './outbox';

export interface OutboxRelayOptions {
  /**
   * Either a connection (events are published through a JetStreamPublisher: one subscription answers every ack) or a
   * JetStream client, whose own publish (a request per event) is then used; `js` wins when both are given.
   */
  nc?: NatsConnection;
  js?: JetStreamClient;
  /** Bounded context, the `<ctx>` of `events.<ctx>.<store_id>.<topic>`. */
  context: string;
  /** Every collection whose documents may carry an `outbox`, its events written through `OutboxCollection`. */
  collections: ReadonlyArray<Collection<OutboxDocument>>;
  /**
   * Where an event that can never be published (poison: too large for the broker, no valid subject) is kept
   * whole before it leaves its outbox; usually the service database's `dead_events` collection.
   */
  deadEvents: Collection<DeadEventDocument>;
  /** Names that collection's database in the dead letter, for the operator (e.g. `catalog/dead_events`). */
  deadEventsLocation?: string;
  logger?: EventLogger;
  /** Period of the crash-recovery sweep. */
  sweepIntervalMs?: number;
  /** Documents read per query. */
  batchSize?: number;
  publishTimeoutMs?: number;
  /** Ceiling of the retry backoff after a failed pass. */
  maxBackoffMs?: number;
}

/** A document just inserted with its events, handed to the relay as written (see `relayInserted`). */
interface InsertedDocument {
  collection: Collection<OutboxDocument>;
  doc: Pick<OutboxDocument, 'outbox'>;
}

interface Waiter {
  promise: Promise<void>;
  resolve(): void;
}

/**
 * Publishes the events parked in documents' `outbox` arrays, oldest first per resource, with
 * Nats-Msg-Id = event.id, and removes each one only after JetStream acknowledged it (docs/events.md#how-an-event-leaves-a-service; one
 * document's work is outbox-publication.ts). This class decides when: a pass per kick or insert, coalesced, a periodic sweep
 * for what a crash left behind, and a growing backoff while the broker fails.
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  private readonly publication: OutboxPublication;
  /** The publisher the relay made from `nc`, closed by stop(). */
  private readonly ownPublisher?: JetStreamPublisher;
  private readonly logger: EventLogger;
  private readonly sweepIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxBackoffMs: number;
  private sweepTimer?: NodeJS.Timeout;
  private retryTimer?: NodeJS.Timeout;
  private active?: Promise<void>;
  private requested?: Waiter;
  /** Set by the periodic sweep (and at start): the next pass also clears the flag of drained documents. */
  private sweepDue = true;
  /** Set by kick(), the sweep, a failed pass (and at start): the next pass reads the collections for pending events. */
  private readDue = true;
  /** Inserted documents whose events the next pass publishes without reading them back. */
  private inserted: InsertedDocument[] = [];
  private failures = 0;
  private blockedUntil = 0;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {
    const js = options.js ?? options.nc?.jetstream();
    if (!js) throw new Error('OutboxRelay needs `nc` or `js`');
    this.js = js;
    if (!options.js && options.nc) this.ownPublisher = new JetStreamPublisher(options.nc);
    this.logger = options.logger ?? silentLogger;
    const { context, deadEvents, deadEventsLocation } = options;
    this.publication = new OutboxPublication({
      publisher: this.ownPublisher ?? requestPublisher(js),
      js,
      context,
      deadEvents,
      deadEventsLocation,
      logger: this.logger,
      publishTimeoutMs: options.publishTimeoutMs ?? 5_000,
    });
    this.sweepIntervalMs = options.sweepIntervalMs ?? 2_000;
    this.batchSize = options.batchSize ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
  }

  /**
   * Indexes the pending flag (documents written before it existed are flagged by the migration
   * `flagPendingOutboxes`, which the service host runs once), then starts the periodic sweep and runs a first pass at
   * once (it picks up what a crash left behind).
   */
  async start(): Promise<void> {
    if (this.stopped) throw new Error('OutboxRelay cannot be restarted after stop()');
    if (this.sweepTimer) return;
    const jsm = await this.js.jetstreamManager();
    await ensureDeadLetterStream(jsm);
    for (const collection of this.options.collections) {
      await collection.createIndex({ [OUTBOX_PENDING_FIELD]: 1 }, { name: 'outbox_pending' });
    }
    if (this.sweepTimer || this.stopped) return;
    this.sweepTimer = setInterval(() => {
      this.sweepDue = true;
      void this.kick();
    }, this.sweepIntervalMs);
    this.sweepTimer.unref();
    void this.kick();
  }

  /**
   * Asks for a pass; call it after every write that appended an event. Calls made while a pass runs
   * coalesce into one follow-up pass. Resolves once that pass is over (published or not); never rejects.
   */
  kick(): Promise<void> {
    this.readDue = true;
    return this.request();
  }

  /**
   * Like kick(), after an insert of a document carrying events (`doc` as inserted, its `outbox` included, once it is
   * committed): the next pass publishes those events from `doc` instead of reading the collections for them, which
   * spares a query per pass under a stream of creates. A document it has not heard of is found by a read as before.
   */
  relayInserted(collection: Collection<OutboxDocument>, doc: Pick<OutboxDocument, 'outbox'>): Promise<void> {
    if (!this.options.collections.includes(collection) || !doc.outbox?.length) return this.kick();
    if (!this.stopped) this.inserted.push({ collection, doc });
    return this.request();
  }

  private request(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.requested ??= waiter();
    const { promise } = this.requested;
    this.pump();
    return promise;
  }

  /** Counters since start: events published, and poison events dead-lettered (each also logged at error level). */
  stats(): { published: number; deadLettered: number; failedPasses: number } {
    return { ...this.publication.stats(), failedPasses: this.failures };
  }

  /** What waits to be published (metrics): see `outboxBacklog`. */
  backlog(now = Date.now()): Promise<{ events: number; oldestAgeSeconds: number }> {
    return outboxBacklog(this.options.collections, now);
  }

  /** Stops the timers and waits for the pass in flight; pending events stay in the outbox for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    clearTimeout(this.retryTimer);
    await this.active;
    this.ownPublisher?.close();
    this.requested?.resolve();
    this.requested = undefined;
  }

  private pump(): void {
    if (this.active || this.stopped || !this.requested) return;
    const waitMs = this.blockedUntil - Date.now();
    if (waitMs > 0) {
      // Backing off after a failure: one timer serves every kick that arrives meanwhile.
      this.retryTimer ??= setTimeout(() => {
        this.retryTimer = undefined;
        this.pump();
      }, waitMs);
      return;
    }
    this.active = this.drain().finally(() => {
      this.active = undefined;
      this.pump();
    });
  }

  private async drain(): Promise<void> {
    while (this.requested && !this.stopped && this.blockedUntil <= Date.now()) {
      const current = this.requested;
      this.requested = undefined;
      await this.pass();
      current.resolve();
    }
  }

  private async pass(): Promise<void> {
    const { sweepDue: sweep, readDue: read, inserted } = this;
    this.sweepDue = false;
    this.readDue = false;
    this.inserted = [];
    try {
      for (const collection of this.options.collections) {
        await this.relayCollection(collection, { read, sweep, inserted: inserted.filter((one) => one.collection === collection) });
      }
      this.failures = 0;
      this.blockedUntil = 0;
    } catch (err) {
      this.failures += 1;
      this.sweepDue ||= sweep;
      // The retry reads: it finds the inserted documents' events too, wherever this pass stopped.
      this.readDue = true;
      const backoffMs = Math.min(this.maxBackoffMs, 100 * 2 ** (this.failures - 1));
      this.blockedUntil = Date.now() + backoffMs;
      // Ask for the retry now; pump() schedules it when the backoff ends.
      this.requested ??= waiter();
      this.logger.warn(
        { ...errorFields(err), context: this.options.context, failures: this.failures, backoffMs },
        'outbox relay pass failed; will retry',
      );
    }
  }

  private async relayCollection(
    collection: Collection<OutboxDocument>,
    pass: { read: boolean; sweep: boolean; inserted: InsertedDocument[] },
  ): Promise<void> {
    const { read, sweep, inserted } = pass;
    const seen = new Set<string>();
    // Inserted documents first, so that a read in the same pass finds only the events written after theirs.
    if (inserted.length > 0) await Promise.all(inserted.map(({ doc }) => this.publication.relayDocument(collection, doc, seen)));
    if (read) await this.relayPending(collection, seen);
    // Safety net, on the periodic sweep only (a write per pass cost ~2% of a service's CPU under load): a document
    // that a crash left flagged and empty. Until then it costs an entry in the flag's index, never a publish.
    if (sweep) await collection.updateMany(DRAINED_OUTBOX_FILTER, { $set: { [OUTBOX_PENDING_FIELD]: false } });
  }

  /** Reads the documents flagged pending, a batch at a time, and relays each. */
  private async relayPending(collection: Collection<OutboxDocument>, seen: Set<string>): Promise<void> {
    for (;;) {
      const docs = await collection.findFields(PENDING_OUTBOX_FILTER, ['outbox'], { limit: this.batchSize });
      // Documents in parallel (each waits only for JetStream's ack of its own previous event), events of one document in order.
      const progressed = await Promise.all(docs.map((doc) => this.publication.relayDocument(collection, doc, seen)));
      if (docs.length < this.batchSize || !progressed.includes(true)) return;
    }
  }
}

function waiter(): Waiter {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
