import { DuplicateKeyError, KeyedQueue, type Collection, type Doc } from '@commerce/persistence';
import { inSpanOf } from '@commerce/tracing';
import {
  AckPolicy,
  DeliverPolicy,
  nanos,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import { decodeEvent } from './event.codec';
import { errorFields, silentLogger, type EventLogger } from './event.logger';
import { ensureDeadLetterStream, isNotFound } from './event.stream';
import type { DomainEvent } from './domain-event';
import { BatchWindow } from './batch-window';
import { DeadLetterPublisher } from './dead-letter.publisher';
import { traceCarrierOfMessage } from './trace-headers';

export interface EventMeta {
  subject: string;
  streamSequence: number;
  /** 1 on the first delivery. */
  deliveryCount: number;
  redelivered: boolean;
}

export type EventHandler = (event: DomainEvent, meta: EventMeta) => Promise<void>;

/** One record per handled event and consumer; `key` = `<durable>:<event id>` carries the unique index. */
export type ProcessedEventDocument = Doc & { key: string; event_id: string; durable: string; topic: string; processed_at: string };

export interface EventConsumerOptions {
  nc: NatsConnection;
  stream: string;
  durable: string;
  /** Several filters need nats-server 2.10+; a single one works on 2.9. */
  filterSubjects?: string[];
  filterSubject?: string;
  handler: EventHandler;
  /** Handler attempts per event before it is dead-lettered. */
  maxDeliver?: number;
  /** nak delay after failed attempt n is backoffMs[n-1]; the last entry repeats. */
  backoffMs?: number[];
  /** How long a delivery may stay unacked before JetStream redelivers it; keep it above the slowest handler. */
  ackWaitMs?: number;
  /** Messages pulled ahead of the handler; their ack wait is already running, so keep it small. */
  prefetch?: number;
  /**
   * Events handled at once (default 1: one at a time, in stream order). Above 1, the events of one resource
   * (`resource_type:resource_id`) still run one after another in stream order; different resources overlap, so a
   * handler waiting on I/O (a commit) no longer holds up the events behind it. Keep `prefetch` at least as large.
   */
  concurrency?: number;
  /**
   * With `concurrency` above 1: under a steady flow, events are handed to the handler in batches at most this many ms
   * apart, so the writes of a batch share their commits (a commit of SQLite's costs about as much for 2 events as for
   * 30: the same index pages are written). An event after a quiet spell is handed over at once, and so is a batch that
   * reached `concurrency` events (the window never caps the throughput). Default 0: each as it comes.
   */
  batchWindowMs?: number;
  /** If given, events already handled by this durable are acked without calling the handler again. */
  processed?: Collection<ProcessedEventDocument>;
  deadLetterSubject?: string;
  logger?: EventLogger;
}

// Extra server-side deliveries beyond the handler attempts, spent only on retrying a failed dead-letter publish.
const DEAD_LETTER_SPARE_DELIVERIES = 3;
const RESUBSCRIBE_DELAY_MS = 1_000;

/**
 * Runs a durable pull consumer (explicit ack, deliver all): one event at a time, ack only after the
 * handler succeeded, nak with a growing delay when it failed, and after `maxDeliver` failed attempts
 * the event goes to the dead-letter stream and is terminated, so it is neither lost nor retried forever.
 */
export class EventConsumer {
  private readonly maxDeliver: number;
  private readonly backoffMs: number[];
  private readonly logger: EventLogger;
  private readonly deadLetters: DeadLetterPublisher;
  private readonly concurrency: number;
  /** Set when `batchWindowMs` is. */
  private readonly batches?: BatchWindow;
  /** Concurrent handling: one resource's events in order, and how many run now. */
  private readonly resources = new KeyedQueue<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private stopping = false;
  private wake?: () => void;
  /** Handled messages whose ack waits for the end of this turn of the event loop (see `ackSoon`). */
  private acks: JsMsg[] = [];

  constructor(private readonly options: EventConsumerOptions) {
    this.maxDeliver = options.maxDeliver ?? 8;
    this.backoffMs = options.backoffMs?.length ? options.backoffMs : [1_000, 5_000, 15_000, 60_000];
    this.logger = options.logger ?? silentLogger;
    if (this.maxDeliver < 1) throw new Error('EventConsumer: maxDeliver must be at least 1');
    this.concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(this.concurrency) || this.concurrency < 1)
      throw new Error('EventConsumer: concurrency must be a positive integer');
    const batchWindowMs = options.batchWindowMs ?? 0;
    if (!(batchWindowMs >= 0)) throw new Error('EventConsumer: batchWindowMs must be 0 or more');
    if (batchWindowMs > 0) this.batches = new BatchWindow(batchWindowMs, this.concurrency);
    this.deadLetters = new DeadLetterPublisher(options.nc.jetstream(), {
      stream: options.stream,
      durable: options.durable,
      subject: options.deadLetterSubject ?? `deadletter.${options.stream}.${options.durable}`,
    });
  }

  /** Creates or updates the durable consumer (and the dead-letter stream) and starts handling events. */
  async start(): Promise<void> {
    if (this.loop) return;
    const jsm = await this.options.nc.jetstreamManager();
    await ensureDeadLetterStream(jsm);
    await this.upsertConsumer(jsm);
    if (this.options.processed) await this.options.processed.createIndex({ key: 1 }, { unique: true, name: 'processed_event_key' });
    const consumer = await this.options.nc.jetstream().consumers.get(this.options.stream, this.options.durable);
    if (this.stopping) return; // stop() arrived while we were setting up
    const prefetch = this.options.prefetch ?? 8;
    this.loop = this.run(() => consumer.consume({ max_messages: prefetch }));
  }

  /** Stops pulling, lets the handler finish the messages already received, then returns. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    // A batch waiting for its window goes now: stop() waits for every event in hand.
    this.batches?.close();
    await this.messages?.close();
    await this.loop;
    this.sendAcks();
    // Acks are fire-and-forget; make sure the last ones left this process before the caller closes the connection.
    if (!this.options.nc.isClosed()) await this.options.nc.flush();
  }

  private async upsertConsumer(jsm: JetStreamManager): Promise<void> {
    const { stream, durable, filterSubject, filterSubjects } = this.options;
    const filters = filterSubjects ?? (filterSubject ? [filterSubject] : []);
    const config: Partial<ConsumerConfig> = {
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
      max_deliver: this.maxDeliver + DEAD_LETTER_SPARE_DELIVERIES,
      ...(filters.length === 1 ? { filter_subject: filters[0] } : filters.length > 1 ? { filter_subjects: filters } : {}),
    };
    try {
      await jsm.consumers.info(stream, durable);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await jsm.consumers.add(stream, { ...config, durable_name: durable });
      return;
    }
    const { ack_policy: _ack, deliver_policy: _deliver, ...updatable } = config;
    await jsm.consumers.update(stream, durable, updatable);
  }

  private async run(subscribe: () => Promise<ConsumerMessages>): Promise<void> {
    while (!this.stopping) {
      try {
        this.messages = await subscribe();
        if (this.stopping) await this.messages.close();
        for await (const msg of this.messages) {
          if (this.concurrency === 1) await this.processSafely(msg);
          else await this.processAlongside(msg);
        }
        await this.inFlightDrained();
      } catch (err) {
        this.logger.error({ ...errorFields(err), durable: this.options.durable }, 'event consumer subscription failed; resubscribing');
        await this.messages?.close().catch(() => undefined);
      }
      // The iterator also ends when the consumer or stream vanished; pause so a missing resource cannot spin.
      if (!this.stopping) await this.pause(RESUBSCRIBE_DELAY_MS);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * Starts the message behind the ones of its resource already running and returns once fewer than `concurrency`
   * are in flight, so the pull loop never runs ahead of the handlers by more than that.
   */
  private async processAlongside(msg: JsMsg): Promise<void> {
    const decoded = decodeMessage(msg);
    const key = 'event' in decoded ? `${decoded.event.resource_type}:${decoded.event.resource_id}` : `undecodable:${msg.seq}`;
    const batch = this.batches?.join();
    const handled = this.resources.run(
      key,
      batch ? () => batch.then(() => this.processSafely(msg, decoded)) : () => this.processSafely(msg, decoded),
    );
    this.inFlight.add(handled);
    void handled.finally(() => this.inFlight.delete(handled));
    while (this.inFlight.size >= this.concurrency) await Promise.race(this.inFlight);
  }

  /** Waits for the messages still being handled (the pull ended: a stop, or a resubscription). */
  private async inFlightDrained(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.race(this.inFlight);
  }

  /** A message must never end the loop: whatever goes wrong, it is left to JetStream's redelivery. */
  private async processSafely(msg: JsMsg, decoded = decodeMessage(msg)): Promise<void> {
    try {
      await this.process(msg, decoded);
    } catch (err) {
      this.logger.error(
        { ...errorFields(err), durable: this.options.durable, streamSequence: msg.seq },
        'event processing failed unexpectedly',
      );
    }
  }

  private async process(msg: JsMsg, decoded: DecodedMessage): Promise<void> {
    const attempt = msg.info.deliveryCount;
    if ('error' in decoded) return this.deadLetter(msg, undefined, decoded.error);
    const { event } = decoded;
    const log = { durable: this.options.durable, eventId: event.id, topic: event.topic, attempt };
    try {
      if (await this.alreadyProcessed(event)) {
        this.ackSoon(msg);
        return;
      }
    } catch (err) {
      this.logger.warn({ ...log, ...errorFields(err) }, 'processed-events lookup failed; retrying later');
      msg.nak(this.delayAfter(attempt));
      return;
    }
    // Beyond the handler budget (e.g. the process died mid-handler on the last attempt): do not run it again.
    if (attempt > this.maxDeliver) return this.deadLetter(msg, event, new Error(`handler attempts exhausted (${this.maxDeliver})`));
    try {
      const meta = { subject: msg.subject, streamSequence: msg.seq, deliveryCount: attempt, redelivered: msg.redelivered };
      // A traced event is handled in a `process <topic>` span, child of its publication (the message's traceparent).
      const parent = traceCarrierOfMessage(msg.headers);
      const span = { kind: 'consumer' as const, parent, attributes: parent && this.spanAttributes(msg, event, attempt) };
      await inSpanOf(`process ${event.topic}`, span, () => this.options.handler(event, meta));
    } catch (err) {
      if (attempt >= this.maxDeliver) return this.deadLetter(msg, event, err);
      const delayMs = this.delayAfter(attempt);
      this.logger.warn({ ...log, ...errorFields(err), delayMs }, 'event handler failed; will retry');
      msg.nak(delayMs);
      return;
    }
    await this.recordProcessed(event);
    this.ackSoon(msg);
  }

  /**
   * Acks the message once this turn of the event loop is over, with the others handled in it: the events whose
   * writes one commit made durable finish in the same turn, so their acks leave in one write to the server
   * instead of one each. A crash before they leave only means a redelivery, which handlers are idempotent to.
   */
  private ackSoon(msg: JsMsg): void {
    this.acks.push(msg);
    if (this.acks.length === 1) setImmediate(() => this.sendAcks());
  }

  private sendAcks(): void {
    const acks = this.acks;
    this.acks = [];
    for (const msg of acks) msg.ack();
  }

  private async deadLetter(msg: JsMsg, event: DomainEvent | undefined, cause: unknown): Promise<void> {
    const log = { durable: this.options.durable, eventId: event?.id, streamSequence: msg.seq, deliveries: msg.info.deliveryCount };
    try {
      await this.deadLetters.publish(msg, event, cause);
    } catch (err) {
      // Not terminated: the spare deliveries retry the dead-letter publish.
      this.logger.error({ ...log, ...errorFields(err) }, 'dead-letter publish failed; will retry');
      msg.nak(this.delayAfter(msg.info.deliveryCount));
      return;
    }
    this.logger.error({ ...log, ...errorFields(cause) }, 'event dead-lettered');
    msg.term();
  }

  private spanAttributes(msg: JsMsg, event: DomainEvent, attempt: number) {
    return {
      'messaging.system': 'nats',
      'messaging.operation.type': 'process',
      'messaging.destination.name': msg.subject,
      'messaging.consumer.group.name': this.options.durable,
      'messaging.message.id': event.id,
      'messaging.nats.delivery_count': attempt,
    };
  }

  private delayAfter(attempt: number): number {
    return this.backoffMs[Math.min(attempt, this.backoffMs.length) - 1];
  }

  private async alreadyProcessed(event: DomainEvent): Promise<boolean> {
    const { processed } = this.options;
    return processed ? (await processed.findOne({ key: this.processedKey(event) })) !== null : false;
  }

  private async recordProcessed(event: DomainEvent): Promise<void> {
    const { processed, durable } = this.options;
    if (!processed) return;
    try {
      await processed.insertOne({
        key: this.processedKey(event),
        event_id: event.id,
        durable,
        topic: event.topic,
        processed_at: new Date().toISOString(),
      });
    } catch (err) {
      if (err instanceof DuplicateKeyError) return;
      // The side effect happened; acking still beats redoing it. Only a later duplicate could slip through.
      this.logger.warn({ ...errorFields(err), durable, eventId: event.id }, 'could not record processed event');
    }
  }

  private processedKey(event: DomainEvent): string {
    return `${this.options.durable}:${event.id}`;
  }
}

type DecodedMessage = { event: DomainEvent } | { error: unknown };

/** The message's event, or why it is not one (it is then dead-lettered). */
function decodeMessage(msg: JsMsg): DecodedMessage {
  try {
    return { event: decodeEvent(msg.data) };
  } catch (error) {
    return { error };
  }
}
