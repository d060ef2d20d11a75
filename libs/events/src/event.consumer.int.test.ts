import {
  DEAD_LETTER_STREAM,
  encodeEvent,
  ensureStream,
  EventConsumer,
  eventSubject,
  type DeadLetter,
  type DomainEvent,
  type EventConsumerOptions,
  type EventMeta,
  type ProcessedEventDocument,
} from '@commerce/events';
import { openDatabase, type Database } from '@commerce/persistence';
import { waitFor } from '@commerce/testing';
import { anEvent, startNatsFixture, stopNatsFixture, streamMessages, type NatsFixture } from './nats-test.fixture';

let nats: NatsFixture;
let db: Database;
let consumer: EventConsumer | undefined;
let context = '';
let stream = '';
let contextCounter = 0;

beforeAll(async () => {
  nats = await startNatsFixture();
});

afterAll(() => stopNatsFixture(nats));

beforeEach(async () => {
  context = `consumer${++contextCounter}`;
  stream = (await ensureStream(nats.jsm, context)).config.name;
  db = await openDatabase({ engine: 'memory' });
});

afterEach(async () => {
  await consumer?.stop();
  consumer = undefined;
  await db.close();
});

type Handler = EventConsumerOptions['handler'];

async function startConsumer(handler: Handler, options: Partial<EventConsumerOptions> = {}): Promise<EventConsumer> {
  consumer = new EventConsumer({
    nc: nats.nc,
    stream,
    durable: 'webhooks',
    filterSubject: `events.${context}.>`,
    handler,
    backoffMs: [100],
    ...options,
  });
  await consumer.start();
  return consumer;
}

async function publish(event: DomainEvent, msgID = event.id): Promise<void> {
  await nats.nc.jetstream().publish(eventSubject(context, event), encodeEvent(event), { msgID });
}

const consumerInfo = () => nats.jsm.consumers.info(stream, 'webhooks');

/**
 * A consumer with a one-minute batch window that records the resource id of each event it starts, once the first
 * event (resource 1, handed over at once after a quiet spell) has started: the next ones wait for the window.
 */
async function batchingConsumerPastItsFirstEvent(options: Pick<EventConsumerOptions, 'concurrency' | 'prefetch'>): Promise<number[]> {
  const started: number[] = [];
  await startConsumer(
    async (event) => {
      started.push(event.resource_id);
    },
    { ...options, batchWindowMs: 60_000 },
  );
  await publish(anEvent({ resourceId: 1 }));
  await waitFor(() => started.length === 1, { message: 'the first event to be handled' });
  return started;
}

/** Nothing delivered-but-unacked and nothing left to deliver: the consumer is done with the stream. */
async function settled(): Promise<boolean> {
  const info = await consumerInfo();
  return info.num_ack_pending === 0 && info.num_pending === 0;
}

async function deadLetters(): Promise<Array<{ subject: string; letter: DeadLetter }>> {
  const messages = await streamMessages(nats.jsm, DEAD_LETTER_STREAM).catch(() => []);
  return messages
    .filter((m) => m.subject === `deadletter.${stream}.webhooks`)
    .map((m) => ({ subject: m.subject, letter: m.json<DeadLetter>() }));
}

function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('EventConsumer', () => {
  it('hands the event to the handler and acks only after the handler succeeded', async () => {
    const release = gate();
    const seen: Array<{ event: DomainEvent; meta: EventMeta }> = [];
    await startConsumer(async (event, meta) => {
      seen.push({ event, meta });
      await release.opened;
    });
    const event = anEvent();
    await publish(event);

    await waitFor(() => seen.length === 1, { message: 'handler to be called' });
    expect(seen[0].event).toEqual(event);
    expect(seen[0].meta).toMatchObject({ subject: eventSubject(context, event), streamSequence: 1, deliveryCount: 1, redelivered: false });
    expect((await consumerInfo()).num_ack_pending).toBe(1);

    release.open();
    await waitFor(settled, { message: 'event to be acked' });
    expect((await consumerInfo()).ack_floor.stream_seq).toBe(1);
  });

  it('naks a failed attempt with a delay and succeeds on the redelivery', async () => {
    const attempts: Array<{ at: number; meta: EventMeta }> = [];
    await startConsumer(
      async (_event, meta) => {
        attempts.push({ at: Date.now(), meta });
        if (attempts.length === 1) throw new Error('webhook endpoint returned 503');
      },
      { backoffMs: [300] },
    );
    await publish(anEvent());

    await waitFor(() => attempts.length === 2, { message: 'redelivery after the nak delay' });
    await waitFor(settled, { message: 'redelivered event to be acked' });
    expect(attempts[1].meta).toMatchObject({ deliveryCount: 2, redelivered: true });
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(250);
    expect(await deadLetters()).toEqual([]);
  });

  it('dead-letters an event after maxDeliver failed attempts and stops redelivering it', async () => {
    const attempts: number[] = [];
    await startConsumer(
      async (_event, meta) => {
        attempts.push(meta.deliveryCount);
        throw new Error('template is broken');
      },
      { maxDeliver: 3, backoffMs: [20, 40] },
    );
    const event = anEvent({ topic: 'order/paid' });
    await publish(event);

    const [dead] = await waitFor(() => deadLetters().then((all) => (all.length ? all : null)), {
      message: 'event in the dead-letter stream',
    });
    expect(dead.letter).toMatchObject({
      event,
      error: { name: 'Error', message: 'template is broken' },
      stream,
      durable: 'webhooks',
      subject: eventSubject(context, event),
      stream_sequence: 1,
      deliveries: 3,
    });
    await waitFor(settled, { message: 'dead-lettered event to be terminated' });
    expect(attempts).toEqual([1, 2, 3]);
    expect((await consumerInfo()).num_redelivered).toBe(0);
  });

  it('dead-letters a body that is not an event without calling the handler', async () => {
    const handler = jest.fn(async () => undefined);
    await startConsumer(handler);
    await nats.nc.jetstream().publish(`events.${context}.1.store/updated`, new TextEncoder().encode('not json'));

    const [dead] = await waitFor(() => deadLetters().then((all) => (all.length ? all : null)));
    expect(dead.letter).toMatchObject({ payload: 'not json', deliveries: 1 });
    expect(dead.letter.event).toBeUndefined();
    await waitFor(settled);
    expect(handler).not.toHaveBeenCalled();
  });

  it('handles an event id once even when the stream holds it twice', async () => {
    const processed = db.collection<ProcessedEventDocument>('processed_events');
    const handled: string[] = [];
    await startConsumer(async (event) => void handled.push(event.id), { processed });
    const event = anEvent();
    // Different message ids get past the stream's dedupe, as a republish after the window would.
    await publish(event, `${event.id}-a`);
    await publish(event, `${event.id}-b`);
    const other = anEvent();
    await publish(other);

    await waitFor(async () => (await consumerInfo()).ack_floor.stream_seq === 3, { message: 'all three messages acked' });
    expect(handled).toEqual([event.id, other.id]);
    expect(await processed.count({ event_id: event.id })).toBe(1);
    expect(await processed.findOne({ event_id: other.id })).toMatchObject({
      key: `webhooks:${other.id}`,
      durable: 'webhooks',
      topic: other.topic,
    });
  });

  it('only receives the subjects it filters on', async () => {
    const topics: string[] = [];
    await startConsumer(async (event) => void topics.push(event.topic), { filterSubject: `events.${context}.*.order/paid` });
    await publish(anEvent({ topic: 'order/created' }));
    await publish(anEvent({ topic: 'order/paid' }));

    await waitFor(async () => (await consumerInfo()).ack_floor.stream_seq === 2, { message: 'the paid event acked' });
    expect(topics).toEqual(['order/paid']);
  });

  it('stop() lets the handler in flight finish and ack', async () => {
    const release = gate();
    let started = false;
    let finished = false;
    const running = await startConsumer(async () => {
      started = true;
      await release.opened;
      finished = true;
    });
    await publish(anEvent());
    await waitFor(() => started);

    const stopped = running.stop();
    release.open();
    await stopped;
    consumer = undefined;
    expect(finished).toBe(true);
    await waitFor(settled, { message: 'the in-flight event to be acked, not left for redelivery' });
  });

  it('resumes from where the durable left off after a restart', async () => {
    const handled: number[] = [];
    const first = await startConsumer(async (event) => void handled.push(event.sequence));
    await publish(anEvent({ sequence: 1 }));
    await waitFor(() => handled.length === 1);
    await first.stop();

    await publish(anEvent({ sequence: 2 }));
    await startConsumer(async (event) => void handled.push(event.sequence));
    await waitFor(() => handled.length === 2);
    await waitFor(settled);
    expect(handled).toEqual([1, 2]);
  });
});

describe('EventConsumer handling several events at once (concurrency)', () => {
  it('lets events of other resources go on while one waits', async () => {
    const slow = gate();
    const handled: number[] = [];
    await startConsumer(
      async (event) => {
        if (event.resource_id === 1) await slow.opened;
        handled.push(event.resource_id);
      },
      { concurrency: 4, prefetch: 8 },
    );
    await publish(anEvent({ resourceId: 1 }));
    for (const resourceId of [2, 3, 4]) await publish(anEvent({ resourceId }));

    await waitFor(() => handled.length === 3, { message: 'the other resources to be handled while the first waits' });
    expect(handled.sort()).toEqual([2, 3, 4]);
    expect((await consumerInfo()).num_ack_pending).toBe(1);
    slow.open();
    await waitFor(settled, { message: 'every event acked' });
    expect(handled).toContain(1);
  });

  it('handles the events of one resource one at a time, in stream order', async () => {
    const seen = new Map<number, number[]>();
    const running = new Set<number>();
    let overlapped = false;
    await startConsumer(
      async (event) => {
        if (running.has(event.resource_id)) overlapped = true;
        running.add(event.resource_id);
        // Random waits: a later event of a resource would overtake an earlier one if they ran side by side.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
        seen.set(event.resource_id, [...(seen.get(event.resource_id) ?? []), event.sequence]);
        running.delete(event.resource_id);
      },
      { concurrency: 8, prefetch: 16 },
    );
    for (let sequence = 1; sequence <= 10; sequence++) {
      for (const resourceId of [101, 102, 103]) await publish(anEvent({ resourceId, sequence }));
    }

    await waitFor(settled, { timeoutMs: 15_000, message: 'every event acked' });
    for (const resourceId of [101, 102, 103]) expect(seen.get(resourceId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(overlapped).toBe(false);
  });

  it('never has more events in its handler than its concurrency', async () => {
    let running = 0;
    let most = 0;
    await startConsumer(
      async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      },
      { concurrency: 3, prefetch: 16 },
    );
    for (let i = 0; i < 20; i++) await publish(anEvent());

    await waitFor(settled, { timeoutMs: 15_000, message: 'every event acked' });
    expect(most).toBe(3);
  });

  it('hands a steady flow over in batches batchWindowMs apart, and an event after a quiet spell at once', async () => {
    const started: Array<{ resourceId: number; at: number }> = [];
    await startConsumer(
      async (event) => {
        started.push({ resourceId: event.resource_id, at: Date.now() });
      },
      { concurrency: 16, prefetch: 32, batchWindowMs: 2_000 },
    );
    const publishedAt = Date.now();
    await publish(anEvent({ resourceId: 1 }));
    await waitFor(() => started.length === 1, { message: 'the first event to be handled' });
    await Promise.all([2, 3, 4, 5, 6].map((resourceId) => publish(anEvent({ resourceId }))));

    await waitFor(() => started.length === 6, { timeoutMs: 10_000, message: 'the batch to be handled' });
    await waitFor(settled, { message: 'every event acked' });
    expect(started[0].at - publishedAt).toBeLessThan(1_500);
    const batch = started.slice(1);
    expect(batch.map((one) => one.resourceId).sort()).toEqual([2, 3, 4, 5, 6]);
    // Held until the window after the first hand-over ended, then handed over together.
    expect(Math.min(...batch.map((one) => one.at)) - started[0].at).toBeGreaterThanOrEqual(1_900);
    expect(Math.max(...batch.map((one) => one.at)) - Math.min(...batch.map((one) => one.at))).toBeLessThan(100);
  });

  it('hands a batch over as soon as it holds `concurrency` events, before its window ends', async () => {
    const started = await batchingConsumerPastItsFirstEvent({ concurrency: 4, prefetch: 8 });
    await Promise.all([2, 3, 4, 5].map((resourceId) => publish(anEvent({ resourceId }))));

    await waitFor(() => started.length === 5, { timeoutMs: 5_000, message: 'the full batch to be handed over' });
    expect(started.slice(1).sort()).toEqual([2, 3, 4, 5]);
    await waitFor(settled, { message: 'every event acked' });
  });

  it('stop() hands over a batch waiting for its window at once, and acks it', async () => {
    const started = await batchingConsumerPastItsFirstEvent({ concurrency: 16, prefetch: 16 });
    await publish(anEvent({ resourceId: 2 }));
    await waitFor(async () => (await consumerInfo()).num_ack_pending === 1, { message: 'the second event to be delivered and held' });

    const stopping = Date.now();
    await consumer!.stop();
    consumer = undefined;
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(started).toEqual([1, 2]);
    expect(await settled()).toBe(true);
  });

  it('stop() waits for every event in its handler, then each is acked', async () => {
    const release = gate();
    let started = 0;
    await startConsumer(
      async () => {
        started++;
        await release.opened;
      },
      { concurrency: 3, prefetch: 8 },
    );
    for (let i = 0; i < 3; i++) await publish(anEvent());
    await waitFor(() => started === 3, { message: 'three handlers running' });

    let stopped = false;
    const stopping = consumer!.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    consumer = undefined;
    expect((await consumerInfo()).ack_floor.stream_seq).toBe(3);
  });
});
