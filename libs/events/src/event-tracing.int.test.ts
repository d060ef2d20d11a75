import { SpanKind, trace } from '@opentelemetry/api';
import {
  DEAD_EVENTS_COLLECTION,
  ensureStream,
  EventConsumer,
  OutboxRelay,
  OutboxCollection,
  type DomainEvent,
  type OutboxDocument,
} from '@commerce/events';
import { openDatabase, type Database } from '@commerce/persistence';
import { waitFor } from '@commerce/testing';
import { currentTraceCarrier, type TraceCarrier } from '@commerce/tracing';
import { recordSpans, type SpanRecorder } from '../../tracing/src/span-recorder.fixture';
import { anEvent, startNatsFixture, stopNatsFixture, streamMessages, type NatsFixture } from './nats-test.fixture';

/**
 * One trace from a change to what consumers do with its event (docs/operations.md#tracing): the write's trace
 * context is stored with the event in the outbox, the relay publishes it in a `publish` span whose context goes
 * as the message's `traceparent` header (the envelope unchanged), and a consumer handles it in a `process` span.
 */

let nats: NatsFixture;
let recorder: SpanRecorder;
let db: Database;
let stores: OutboxCollection<OutboxDocument>;
let relay: OutboxRelay | undefined;
let consumer: EventConsumer | undefined;
let context = '';
let contextCounter = 0;

beforeAll(async () => {
  nats = await startNatsFixture();
  recorder = recordSpans();
});

afterAll(async () => {
  await recorder.stop();
  await stopNatsFixture(nats);
});

beforeEach(async () => {
  context = `traced${++contextCounter}`;
  await ensureStream(nats.jsm, context);
  db = await openDatabase({ engine: 'memory' });
  stores = new OutboxCollection(db.collection<OutboxDocument>('stores'));
});

afterEach(async () => {
  await consumer?.stop();
  consumer = undefined;
  await relay?.stop();
  relay = undefined;
  await db.close();
});

const tracer = trace.getTracer('test');
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

/** Runs `write` in a span, as a gRPC handler's write runs in its server span; answers that span's ids. */
async function tracedWrite(write: () => Promise<unknown>): Promise<{ traceId: string; spanId: string }> {
  return tracer.startActiveSpan('CreateOrder', async (span) => {
    await write();
    span.end();
    return { traceId: span.spanContext().traceId, spanId: span.spanContext().spanId };
  });
}

async function startRelay(): Promise<OutboxRelay> {
  relay = new OutboxRelay({
    nc: nats.nc,
    context,
    collections: [stores.documents],
    deadEvents: db.collection(DEAD_EVENTS_COLLECTION),
    sweepIntervalMs: 60_000,
  });
  await relay.start();
  return relay;
}

const spansNamed = (name: string) => recorder.spans().filter((span) => span.name === name);

describe('the trace context of an event, from its write to its consumers', () => {
  it("is stored with the events a traced insertWithEvents or updateWithEvents adds, and not with an untraced write's", async () => {
    const [inserted, pushed, each1, each2, untraced] = [1, 2, 3, 4, 5].map((resourceId) => anEvent({ resourceId }));
    const write = await tracedWrite(async () => {
      await stores.insertWithEvents({ id: 1 }, [inserted]);
      await stores.updateWithEvents({ id: 1 }, { $set: { name: 'x' } }, [pushed]);
      await stores.updateWithEvents({ id: 1 }, {}, [each1, each2]);
    });
    await stores.insertWithEvents({ id: 2 }, [untraced]);

    const outbox = (await stores.findOne({ id: 1 }))!.outbox!;
    expect(outbox.map((event) => event.id)).toEqual([inserted.id, pushed.id, each1.id, each2.id]);
    for (const event of outbox) {
      expect(event).toEqual({
        ...[inserted, pushed, each1, each2].find((e) => e.id === event.id),
        trace: { traceparent: expect.stringMatching(TRACEPARENT) },
      });
      expect(TRACEPARENT.exec(event.trace!.traceparent)!.slice(1)).toEqual([write.traceId, write.spanId]);
    }
    expect((await stores.findOne({ id: 2 }))!.outbox).toEqual([untraced]);
  });

  it('goes with the message as traceparent, from a publish span child of the write; the envelope is published as it was', async () => {
    const event = anEvent({ storeId: 9, resourceId: 9, topic: 'order/paid' });
    const untraced = anEvent({ storeId: 9, resourceId: 10, topic: 'order/paid' });
    const write = await tracedWrite(() => stores.insertWithEvents({ id: 9 }, [event]));
    await stores.insertWithEvents({ id: 10 }, [untraced]);
    await (await startRelay()).kick();

    const messages = await waitFor(() =>
      streamMessages(nats.jsm, `EVENTS_${context.toUpperCase()}`).then((all) => (all.length === 2 ? all : null)),
    );
    const traced = messages.find((message) => message.json<DomainEvent>().id === event.id)!;
    expect(traced.json()).toEqual(event);
    const [publish] = spansNamed('publish order/paid');
    expect(publish.kind).toBe(SpanKind.PRODUCER);
    expect(publish.spanContext().traceId).toBe(write.traceId);
    expect(publish.parentSpanContext?.spanId).toBe(write.spanId);
    expect(publish.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': `events.${context}.9.order/paid`,
      'messaging.message.id': event.id,
    });
    expect(traced.header.get('traceparent')).toBe(`00-${write.traceId}-${publish.spanContext().spanId}-01`);
    expect(spansNamed('publish order/paid')).toHaveLength(1);

    const plain = messages.find((message) => message.json<DomainEvent>().id === untraced.id)!;
    expect(plain.json()).toEqual(untraced);
    expect(plain.header.get('traceparent')).toBe('');
  });

  it('is the parent of the process span a consumer handles the event in, which is active in the handler', async () => {
    const event = anEvent({ storeId: 11, resourceId: 11, topic: 'order/created' });
    const untraced = anEvent({ storeId: 11, resourceId: 12, topic: 'order/created' });
    const seen = new Map<string, TraceCarrier | undefined>();
    consumer = new EventConsumer({
      nc: nats.nc,
      stream: `EVENTS_${context.toUpperCase()}`,
      durable: 'webhooks',
      filterSubject: `events.${context}.>`,
      handler: async (received) => {
        seen.set(received.id, currentTraceCarrier());
      },
    });
    await consumer.start();
    const write = await tracedWrite(() => stores.insertWithEvents({ id: 11 }, [event]));
    await stores.insertWithEvents({ id: 12 }, [untraced]);
    await (await startRelay()).kick();

    await waitFor(() => seen.size === 2, { message: 'both events handled' });
    const [publish] = spansNamed('publish order/created');
    const [processed] = spansNamed('process order/created');
    expect(spansNamed('process order/created')).toHaveLength(1);
    expect(processed.kind).toBe(SpanKind.CONSUMER);
    expect(processed.spanContext().traceId).toBe(write.traceId);
    expect(processed.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(processed.attributes).toMatchObject({
      'messaging.consumer.group.name': 'webhooks',
      'messaging.message.id': event.id,
      'messaging.nats.delivery_count': 1,
    });
    // What the handler stores (a webhook delivery) carries the process span's context.
    expect(seen.get(event.id)).toEqual({ traceparent: `00-${write.traceId}-${processed.spanContext().spanId}-01` });
    expect(seen.get(untraced.id)).toBeUndefined();
  });
});
