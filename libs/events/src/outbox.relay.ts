import type { Collection } from '@commerce/persistence';
import { inSpanOf } from '@commerce/tracing';
import type { JetStreamClient, NatsConnection } from 'nats';
import { eventSubject, type DomainEvent } from './domain-event';
import { encodeEvent } from './event.codec';
import { errorFields, silentLogger, type EventLogger } from './event.logger';
import { ensureDeadLetterStream } from './event.stream';
import { JetStreamPublisher, requestPublisher, type StreamPublisher } from './jetstream-publisher';
import { deadLetterOutboxEvent, isPermanentPublishFailure, PoisonEventError, publishFailureOf, type DeadEventDocument } from './outbox-dead-letter';
import { DRAINED_OUTBOX_FILTER, lastOutboxRemoval, OUTBOX_PENDING_FIELD, outboxRemoval, PENDING_OUTBOX_FILTER, type OutboxDocument, type OutboxEvent } from './outbox';
import { traceHeaders } from './trace-headers';

export interface OutboxRelayOptions {
  /**
   * Either a connection (events are published through a JetStreamPublisher: one subscription answers every ack) or a
   * JetStream client, whose own publish (a request per event) is then used; `js` wins when both are given.
   */
  nc?: NatsConnection;
  js?: JetStreamClient;
  /** Bounded context, the `<ctx>` of `events.<ctx>.<store_id>.<topic>`. */
  context: string;
  /** Every collection whose documents may carry an `outbox`, each written through `outboxTracking`. */
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

/** Documents read per collection when measuring the backlog. */
const BACKLOG_SCAN_LIMIT = 10_000;

/** Ids of acknowledged events kept to recognise them (an inserted document a read pass already relayed). */
const RECENTLY_PUBLISHED_KEPT = 4_096;

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
 * Nats-Msg-Id = event.id, and removes each one only after JetStream acknowledged it (DESIGN §5).
 * A crash between publish and removal repeats the publish, which the stream's duplicate window drops.
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  private readonly publisher: StreamPublisher;
  /** The publisher the relay made from `nc`, closed by stop(). */
  private readonly ownPublisher?: JetStreamPublisher;
  private readonly logger: EventLogger;
  private readonly sweepIntervalMs: number;
  private readonly batchSize: number;
  private readonly publishTimeoutMs: number;
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
  private readonly recentlyPublished = new Set<string>();
  private failures = 0;
  private blockedUntil = 0;
  private published = 0;
  private deadLettered = 0;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {
    const js = options.js ?? options.nc?.jetstream();
    if (!js) throw new Error('OutboxRelay needs `nc` or `js`');
    this.js = js;
    if (!options.js && options.nc) this.ownPublisher = new JetStreamPublisher(options.nc);
    this.publisher = this.ownPublisher ?? requestPublisher(js);
    this.logger = options.logger ?? silentLogger;
    this.sweepIntervalMs = options.sweepIntervalMs ?? 2_000;
    this.batchSize = options.batchSize ?? 100;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
  }

  /**
   * Indexes the pending flag (documents written before it existed are flagged by the migration
   * `flagPendingOutboxes`, which the service host runs once), then starts the periodic sweep and runs a first pass at once (it picks up what a crash left behind).
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
    return { published: this.published, deadLettered: this.deadLettered, failedPasses: this.failures };
  }

  /**
   * What waits to be published (metrics): the events in outboxes, and how long the oldest has waited, which is
   * the relay's lag. Reads at most `BACKLOG_SCAN_LIMIT` documents per collection: past that the backlog is
   * reported as at least that large.
   */
  async backlog(now = Date.now()): Promise<{ events: number; oldestAgeSeconds: number }> {
    let events = 0;
    let oldest = now;
    for (const collection of this.options.collections) {
      const pending = await collection.findFields(PENDING_OUTBOX_FILTER, ['outbox'], { limit: BACKLOG_SCAN_LIMIT });
      for (const { outbox = [] } of pending) {
        events += outbox.length;
        for (const event of outbox) oldest = Math.min(oldest, Date.parse(event.occurred_at) || now);
      }
    }
    return { events, oldestAgeSeconds: Math.max(0, (now - oldest) / 1000) };
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
      this.logger.warn({ ...errorFields(err), context: this.options.context, failures: this.failures, backoffMs }, 'outbox relay pass failed; will retry');
    }
  }

  private async relayCollection(collection: Collection<OutboxDocument>, pass: { read: boolean; sweep: boolean; inserted: InsertedDocument[] }): Promise<void> {
    const { read, sweep, inserted } = pass;
    const seen = new Set<string>();
    // Inserted documents first, so that a read in the same pass finds only the events written after theirs.
    if (inserted.length > 0) await Promise.all(inserted.map(({ doc }) => this.relayDocument(collection, doc, seen)));
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
      const progressed = await Promise.all(docs.map((doc) => this.relayDocument(collection, doc, seen)));
      if (docs.length < this.batchSize || !progressed.includes(true)) return;
    }
  }

  /**
   * Publishes one document's events, each resource's oldest first and each after JetStream acknowledged the resource's
   * previous one; the events of different resources (product/created with its variant/created) go side by side, so they
   * leave in one write to the broker and wait for their acks together (order matters per resource only, DESIGN §11;
   * sent back to back on one connection, they are stored in outbox order anyway). Then removes, in one write, the
   * outbox's oldest events that were acknowledged, up to the first that was not (also when a publish failed part-way:
   * an acknowledged event behind it stays and is published again later, which the stream's duplicate window drops).
   * True when any was published.
   */
  private async relayDocument(collection: Collection<OutboxDocument>, doc: Pick<OutboxDocument, 'outbox'>, seen: Set<string>): Promise<boolean> {
    const events = doc.outbox ?? [];
    const published = new Set<string>();
    let failure: { error: unknown } | undefined;
    await Promise.all(
      [...chainsByResource(events)].map(async (chain) => {
        for (const event of chain) {
          // An event we already handled in this pass means its removal did not stick; leave it to the next pass.
          if (seen.has(event.id) || failure) return;
          seen.add(event.id);
          try {
            // Acknowledged already (an inserted document a read pass relayed meanwhile): only its removal is left.
            if (!this.recentlyPublished.has(event.id)) await this.publish(event);
          } catch (error) {
            failure ??= { error };
            return;
          }
          published.add(event.id);
        }
      }),
    );
    const removable: string[] = [];
    for (const event of events) {
      if (!published.has(event.id)) break;
      removable.push(event.id);
    }
    if (removable.length > 0) await this.remove(collection, removable, removable.length === events.length);
    if (failure) throw failure.error;
    return published.size > 0;
  }

  /**
   * Publishes one event, or dead-letters it when it can never be published, so the events behind it flow on.
   * Throws on broker trouble: the whole pass stops and backs off rather than time out event by event.
   * A traced event is published in a `publish <topic>` span, child of the change that wrote it, whose context
   * goes with the message as its `traceparent` header; the envelope is sent without it.
   */
  private async publish(stored: OutboxEvent): Promise<true> {
    const event = envelopeOf(stored);
    let body: Uint8Array | undefined;
    try {
      const subject = poisonUnless(() => eventSubject(this.options.context, event));
      body = poisonUnless(() => encodeEvent(event));
      const encoded = body;
      const span = { kind: 'producer' as const, parent: stored.trace, attributes: stored.trace && messagingAttributes(subject, event) };
      const ack = await inSpanOf(`publish ${event.topic}`, span, (carrier) =>
        this.publisher.publish(subject, encoded, { msgID: event.id, timeout: this.publishTimeoutMs, headers: traceHeaders(carrier) }),
      );
      if (ack.duplicate) this.logger.info({ eventId: event.id, subject, seq: ack.seq }, 'event was already on the stream; removed from outbox');
      this.published += 1;
      this.rememberPublished(event.id);
      return true;
    } catch (err) {
      if (!isPermanentPublishFailure(err)) throw err;
      await this.deadLetter(event, body?.length ?? 0, err);
      return true;
    }
  }

  private rememberPublished(eventId: string): void {
    if (this.recentlyPublished.size >= RECENTLY_PUBLISHED_KEPT) this.recentlyPublished.clear();
    this.recentlyPublished.add(eventId);
  }

  private async deadLetter(event: DomainEvent, eventBytes: number, err: unknown): Promise<void> {
    const { context } = this.options;
    const keptIn = this.options.deadEventsLocation ?? `${context}/dead_events`;
    await deadLetterOutboxEvent({ js: this.js, deadEvents: this.options.deadEvents, context, keptIn }, event, eventBytes, publishFailureOf(err));
    this.deadLettered += 1;
    this.logger.error(
      { ...errorFields(err), context, eventId: event.id, topic: event.topic, storeId: event.store_id, eventBytes, keptIn, deadLettered: this.deadLettered },
      'outbox event can never be published: dead-lettered, the events behind it go on',
    );
  }

  /** Removes published events; with the document's last known one also clears its flag, unless an event came meanwhile. */
  private async remove(collection: Collection<OutboxDocument>, eventIds: string[], allKnown: boolean): Promise<void> {
    if (allKnown) {
      const last = lastOutboxRemoval(eventIds);
      if ((await collection.updateOne(last.filter, last.update)).matched > 0) return;
    }
    const removal = outboxRemoval(eventIds);
    await collection.updateOne(removal.filter, removal.update);
  }
}

/** What is published of an outbox event: the envelope, without the trace context stored beside it. */
function envelopeOf(stored: OutboxEvent): DomainEvent {
  if (stored.trace === undefined) return stored;
  const { trace: _trace, ...event } = stored;
  return event as DomainEvent;
}

const messagingAttributes = (subject: string, event: DomainEvent) => ({
  'messaging.system': 'nats',
  'messaging.operation.type': 'send',
  'messaging.destination.name': subject,
  'messaging.message.id': event.id,
});

/** Runs a step that only fails because of the event itself; such a failure makes the event poison. */
function poisonUnless<R>(step: () => R): R {
  try {
    return step();
  } catch (err) {
    throw new PoisonEventError(err instanceof Error ? err.message : String(err));
  }
}

function waiter(): Waiter {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A document's events grouped by resource, each group in outbox order. */
function chainsByResource(events: readonly OutboxEvent[]): Iterable<OutboxEvent[]> {
  const chains = new Map<string, OutboxEvent[]>();
  for (const event of events) {
    const key = `${event.resource_type}:${event.resource_id}`;
    const chain = chains.get(key);
    if (chain) chain.push(event);
    else chains.set(key, [event]);
  }
  return chains.values();
}
