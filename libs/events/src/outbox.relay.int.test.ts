import {
  DEAD_EVENTS_COLLECTION,
  DEAD_LETTER_STREAM,
  encodeEvent,
  ensureStream,
  flagPendingOutboxes,
  OutboxRelay,
  OutboxCollection,
  type DeadEventDocument,
  type DomainEvent,
  type OutboxDeadLetter,
  type OutboxDocument,
} from '@commerce/events';
import { openDatabase, type Collection, type Database } from '@commerce/persistence';
import { waitFor } from '@commerce/testing';
import type { JetStreamClient, JetStreamPublishOptions } from 'nats';
import { anEvent, startNatsFixture, stopNatsFixture, streamMessages, type NatsFixture } from './nats-test.fixture';

let nats: NatsFixture;
let db: Database;
let outbox: OutboxCollection<OutboxDocument>;
let stores: Collection<OutboxDocument>;
let relay: OutboxRelay | undefined;
let context = '';
let contextCounter = 0;

beforeAll(async () => {
  nats = await startNatsFixture();
});

afterAll(() => stopNatsFixture(nats));

// Each test gets its own context (and so its own stream) and database: no state leaks between tests.
beforeEach(async () => {
  context = `relay${++contextCounter}`;
  await ensureStream(nats.jsm, context);
  db = await openDatabase({ engine: 'memory' });
  outbox = new OutboxCollection(db.collection<OutboxDocument>('stores')); // no relay to wake: each test drives its relay
  stores = outbox.documents;
});

afterEach(async () => {
  await relay?.stop();
  relay = undefined;
  await db.close();
});

const streamName = () => `EVENTS_${context.toUpperCase()}`;

async function startRelay(
  options: { sweepIntervalMs?: number; maxBackoffMs?: number; js?: JetStreamClient; collections?: Array<Collection<OutboxDocument>> } = {},
): Promise<OutboxRelay> {
  relay = new OutboxRelay({
    nc: nats.nc,
    context,
    collections: options.collections ?? [stores],
    deadEvents: db.collection(DEAD_EVENTS_COLLECTION),
    sweepIntervalMs: options.sweepIntervalMs ?? 60_000,
    ...options,
  });
  await relay.start();
  return relay;
}

async function storeWithPendingEvents(id: number, events: DomainEvent[]): Promise<void> {
  await outbox.insertWithEvents({ id, name: 'Acme', version: events.length }, events);
}

/**
 * The real JetStream client, logging when each publish leaves (`sent <label>`) and when its ack is back (`acked <label>`);
 * `failOnce` makes that event's first publish fail (`failed <label>`) as a broker hiccup would, without sending it.
 */
function recordingJetStream(log: string[], label: Map<string, string>, options: { failOnce?: string } = {}): JetStreamClient {
  const js = nats.nc.jetstream();
  let failed = false;
  return new Proxy(js, {
    get(target, property, receiver) {
      if (property !== 'publish') return Reflect.get(target, property, receiver) as unknown;
      return async (subject: string, data: Uint8Array, publishOptions: Partial<JetStreamPublishOptions> & { msgID: string }) => {
        const name = label.get(publishOptions.msgID) ?? publishOptions.msgID;
        if (publishOptions.msgID === options.failOnce && !failed) {
          failed = true;
          log.push(`failed ${name}`);
          throw new Error('broker hiccup');
        }
        log.push(`sent ${name}`);
        const ack = await target.publish(subject, data, publishOptions);
        log.push(`acked ${name}`);
        return ack;
      };
    },
  });
}

async function outboxOf(id: number): Promise<DomainEvent[] | undefined> {
  return (await stores.findOne({ id }))?.outbox;
}

describe('OutboxRelay', () => {
  it('publishes an event written with its state change, then removes it from the outbox', async () => {
    await outbox.insertWithEvents({ id: 7, name: 'Old', version: 1 }, []);
    const relay = await startRelay();
    const event = anEvent({ storeId: 7, resourceId: 7, sequence: 2, resource: { id: 7, name: 'New' } });

    await outbox.updateWithEvents({ id: 7 }, { $set: { name: 'New' }, $inc: { version: 1 } }, [event]);
    await relay.kick();

    const [message] = await waitFor(() => streamMessages(nats.jsm, streamName()).then((all) => (all.length ? all : null)));
    expect(message.subject).toBe(`events.${context}.7.store/updated`);
    expect(message.header.get('Nats-Msg-Id')).toBe(event.id);
    expect(message.json()).toEqual(event);
    await waitFor(async () => (await outboxOf(7))?.length === 0, { message: 'published event to leave the outbox' });
    expect(await stores.findOne({ id: 7 })).toMatchObject({ name: 'New', version: 2, outbox: [] });
  });

  it('publishes the events of one document in outbox order', async () => {
    const events = [1, 2, 3].map((sequence) => anEvent({ resourceId: 1, sequence }));
    await storeWithPendingEvents(1, events);
    await (await startRelay()).kick();

    const messages = await waitFor(() => streamMessages(nats.jsm, streamName()).then((all) => (all.length === 3 ? all : null)));
    expect(messages.map((m) => m.json<DomainEvent>().sequence)).toEqual([1, 2, 3]);
    expect(await outboxOf(1)).toEqual([]);
  });

  it("publishes a document's events of different resources side by side, each resource's one after another in order", async () => {
    const [a, b] = [101, 102];
    const events = [
      anEvent({ resourceId: a, sequence: 1 }),
      anEvent({ resourceId: b, sequence: 1 }),
      anEvent({ resourceId: a, sequence: 2 }),
      anEvent({ resourceId: b, sequence: 2 }),
    ];
    const label = new Map(events.map((event) => [event.id, `${event.resource_id === a ? 'a' : 'b'}${event.sequence}`]));
    const log: string[] = [];
    await storeWithPendingEvents(11, events);

    await (await startRelay({ js: recordingJetStream(log, label) })).kick();

    // b1 leaves before a1's ack is back (one write for both), a2 only after a1's ack, b2 only after b1's.
    expect(log.indexOf('sent b1')).toBeLessThan(log.indexOf('acked a1'));
    expect(log.indexOf('acked a1')).toBeLessThan(log.indexOf('sent a2'));
    expect(log.indexOf('acked b1')).toBeLessThan(log.indexOf('sent b2'));
    const stored = (await streamMessages(nats.jsm, streamName())).map((m) => label.get(m.json<DomainEvent>().id));
    expect(stored.filter((name) => name!.startsWith('a'))).toEqual(['a1', 'a2']);
    expect(stored.filter((name) => name!.startsWith('b'))).toEqual(['b1', 'b2']);
    expect(await outboxOf(11)).toEqual([]);
  });

  it('keeps the outbox from a failed publish on, an event acknowledged behind it too, and sends each once when retried', async () => {
    const first = anEvent({ resourceId: 201 });
    const behind = anEvent({ resourceId: 202 });
    const label = new Map([
      [first.id, 'first'],
      [behind.id, 'behind'],
    ]);
    await storeWithPendingEvents(12, [first, behind]);
    const log: string[] = [];

    await startRelay({ js: recordingJetStream(log, label, { failOnce: first.id }), maxBackoffMs: 50 });

    await waitFor(async () => (await outboxOf(12))?.length === 0, { message: 'relay to retry the failed publish' });
    // The failed pass sent what was behind, but kept it in the outbox (only the oldest acknowledged events leave it):
    // the retry sent the first one only (the relay knows the other was acknowledged) and removed both.
    expect(log.slice(0, 3)).toEqual(['failed first', 'sent behind', 'acked behind']);
    expect(log.filter((entry) => entry === 'sent behind')).toHaveLength(1);
    expect(log.filter((entry) => entry === 'sent first')).toHaveLength(1);
    expect((await streamMessages(nats.jsm, streamName())).map((m) => label.get(m.json<DomainEvent>().id))).toEqual(['behind', 'first']);
  });

  it('publishes an event left behind by a crash on its own on the periodic sweep', async () => {
    await startRelay({ sweepIntervalMs: 50 });
    // Written, but the writer died before it could kick the relay.
    const orphan = anEvent();
    await storeWithPendingEvents(2, [orphan]);

    const [message] = await waitFor(() => streamMessages(nats.jsm, streamName()).then((all) => (all.length ? all : null)), {
      message: 'sweep to publish the orphaned event',
    });
    expect(message.json()).toEqual(orphan);
    await waitFor(async () => (await outboxOf(2))?.length === 0);
  });

  it('publishes what was pending before it started', async () => {
    const pending = anEvent();
    await storeWithPendingEvents(3, [pending]);
    await startRelay();
    await waitFor(async () => (await outboxOf(3))?.length === 0, { message: 'first pass on start()' });
    expect((await streamMessages(nats.jsm, streamName())).map((m) => m.json<DomainEvent>().id)).toEqual([pending.id]);
  });

  it('does not store an event twice when it was published before a crash removed it from the outbox', async () => {
    const event = anEvent();
    await storeWithPendingEvents(4, [event]);
    // The previous process got the PubAck, then died before the $pull.
    const first = await nats.nc.jetstream().publish(`events.${context}.7.store/updated`, encodeEvent(event), { msgID: event.id });
    expect(first.duplicate).toBe(false);

    await (await startRelay()).kick();

    expect(await outboxOf(4)).toEqual([]);
    const messages = await streamMessages(nats.jsm, streamName());
    expect(messages.map((m) => m.json<DomainEvent>().id)).toEqual([event.id]);
  });

  it('coalesces concurrent kicks and publishes each event once', async () => {
    const relay = await startRelay();
    const events = [5, 6, 7, 8].map((id) => ({ id, event: anEvent({ resourceId: id }) }));
    await Promise.all(events.map(({ id, event }) => storeWithPendingEvents(id, [event]).then(() => relay.kick())));
    await relay.kick();

    expect(await stores.count({ 'outbox.0': { $exists: true } })).toBe(0);
    const published = (await streamMessages(nats.jsm, streamName())).map((m) => m.json<DomainEvent>().id);
    expect(published.sort()).toEqual(events.map(({ event }) => event.id).sort());
  });

  it('keeps the event when publishing fails and publishes it once the stream is reachable', async () => {
    context = `relaymissing${contextCounter}`; // no stream for this context yet: every publish fails
    const event = anEvent();
    await storeWithPendingEvents(9, [event]);
    const relay = await startRelay({ maxBackoffMs: 50 });

    await expect(relay.kick()).resolves.toBeUndefined();
    expect(await outboxOf(9)).toEqual([event]);

    await ensureStream(nats.jsm, context);
    await waitFor(async () => (await outboxOf(9))?.length === 0, { message: 'relay to retry after the stream appeared' });
    expect((await streamMessages(nats.jsm, streamName())).map((m) => m.json<DomainEvent>().id)).toEqual([event.id]);
  });

  it('finds pending events through the indexed flag and clears the flag once a document is drained', async () => {
    const relay = await startRelay();
    await storeWithPendingEvents(12, [anEvent({ resourceId: 12 })]);
    expect(await stores.findOne({ id: 12 })).toMatchObject({ outbox_pending: true });
    await relay.kick();
    expect(await stores.findOne({ id: 12 })).toMatchObject({ outbox: [], outbox_pending: false });
    await outbox.updateWithEvents({ id: 12 }, { $set: { name: 'Renamed' } }, [anEvent({ resourceId: 12 })]);
    expect(await stores.findOne({ id: 12 })).toMatchObject({ outbox_pending: true });
    await relay.kick();
    expect(await stores.findOne({ id: 12 })).toMatchObject({ name: 'Renamed', outbox: [], outbox_pending: false });
  });

  it('clears the flag of a document a crash left flagged with an empty outbox, on the periodic sweep, not on every pass', async () => {
    const relay = await startRelay({ sweepIntervalMs: 300 });
    await relay.kick(); // the first pass of start() is over
    await db.collection<OutboxDocument>('stores').insertOne({ id: 14, name: 'Drained', version: 1, outbox: [], outbox_pending: true });
    await storeWithPendingEvents(15, [anEvent({ resourceId: 15 })]);
    await relay.kick();
    expect(await stores.findOne({ id: 15 })).toMatchObject({ outbox: [], outbox_pending: false });
    expect(await stores.findOne({ id: 14 })).toMatchObject({ outbox_pending: true });
    await waitFor(async () => (await stores.findOne({ id: 14 }))?.outbox_pending === false, { message: 'the sweep to clear the flag' });
  });

  describe('an inserted document handed over as written (relayInserted)', () => {
    /** `stores`, counting the relay's reads of pending events. */
    function countingReads(): { collection: Collection<OutboxDocument>; reads: () => number } {
      let reads = 0;
      const collection = new Proxy(stores, {
        get(target, property, receiver) {
          if (property === 'findFields') reads += 1;
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
      return { collection, reads: () => reads };
    }

    it('publishes its events in order and empties its outbox without reading the collection for them', async () => {
      const { collection, reads } = countingReads();
      const relay = await startRelay({ collections: [collection] });
      await relay.kick(); // the first pass of start() reads, as a sweep does
      const before = reads();
      const events = [anEvent({ resourceId: 21, sequence: 1 }), anEvent({ resourceId: 21, sequence: 2 })];
      const inserted = await new OutboxCollection(collection).insertWithEvents({ id: 21, name: 'New', version: 2 }, events);

      await relay.relayInserted(collection, inserted);

      expect((await streamMessages(nats.jsm, streamName())).map((m) => m.json<DomainEvent>().id)).toEqual(events.map((event) => event.id));
      expect(await stores.findOne({ id: 21 })).toMatchObject({ outbox: [], outbox_pending: false });
      expect(reads()).toBe(before);
    });

    it('publishes events an update appended meanwhile after the inserted ones', async () => {
      const relay = await startRelay();
      await relay.kick();
      const created = anEvent({ resourceId: 22, sequence: 1 });
      const updated = anEvent({ resourceId: 22, sequence: 2 });
      const inserted = await outbox.insertWithEvents({ id: 22, name: 'New', version: 1 }, [created]);
      await outbox.updateWithEvents({ id: 22 }, { $set: { name: 'Renamed' }, $inc: { version: 1 } }, [updated]);

      await Promise.all([relay.relayInserted(stores, inserted), relay.kick()]);

      expect((await streamMessages(nats.jsm, streamName())).map((m) => m.json<DomainEvent>().id)).toEqual([created.id, updated.id]);
      expect(await stores.findOne({ id: 22 })).toMatchObject({ name: 'Renamed', outbox: [], outbox_pending: false });
    });

    it('does not publish again what a read pass published before the hand-over arrived', async () => {
      const event = anEvent({ resourceId: 23 });
      const log: string[] = [];
      const relay = await startRelay({ js: recordingJetStream(log, new Map([[event.id, 'created']])) });
      await relay.kick();
      const inserted = await outbox.insertWithEvents({ id: 23, name: 'New', version: 1 }, [event]);
      await relay.kick();
      expect(log).toEqual(['sent created', 'acked created']);

      await relay.relayInserted(stores, inserted);

      expect(log).toEqual(['sent created', 'acked created']);
      expect(await stores.findOne({ id: 23 })).toMatchObject({ outbox: [], outbox_pending: false });
    });

    it('falls back to a read for a collection the relay does not serve, or a document without events', async () => {
      const relay = await startRelay();
      await relay.kick();
      const event = anEvent({ resourceId: 24 });
      await outbox.insertWithEvents({ id: 24, name: 'New', version: 1 }, [event]);

      await relay.relayInserted(db.collection<OutboxDocument>('elsewhere'), { outbox: [] });

      expect((await streamMessages(nats.jsm, streamName())).map((m) => m.json<DomainEvent>().id)).toEqual([event.id]);
    });
  });

  it('publishes events of documents written without the flag (before it existed) once the migration flagged them', async () => {
    const legacy = anEvent({ resourceId: 13 });
    await db.collection<OutboxDocument>('stores').insertOne({ id: 13, name: 'Old', version: 1, outbox: [legacy] });
    await flagPendingOutboxes(db.collection<OutboxDocument>('stores'));
    await startRelay();
    await waitFor(async () => (await outboxOf(13))?.length === 0, { message: 'the unflagged event to be published' });
    expect((await streamMessages(nats.jsm, streamName())).map((m) => m.json<DomainEvent>().id)).toEqual([legacy.id]);
  });

  it('stop() waits for the pass in flight and later kicks do nothing', async () => {
    const relay = await startRelay();
    await relay.kick(); // the first pass of start() is over
    await storeWithPendingEvents(10, [anEvent()]);
    const kicked = relay.kick();
    await relay.stop();
    await kicked;
    expect(await outboxOf(10)).toEqual([]);

    await storeWithPendingEvents(11, [anEvent()]);
    await relay.kick();
    expect(await outboxOf(11)).toHaveLength(1);
  });

  describe('an event that can never be published (poison)', () => {
    const deadLetters = async () =>
      (await streamMessages(nats.jsm, DEAD_LETTER_STREAM).catch(() => [])).map((m) => ({
        subject: m.subject,
        letter: m.json<OutboxDeadLetter>(),
      }));

    it("dead-letters an event too large for the broker, keeps it whole in the service's store; the rest flow in order", async () => {
      const huge = anEvent({ storeId: 1, resourceId: 1, sequence: 1, resource: { name: 'x'.repeat(2_000_000) } });
      const afterHuge = anEvent({ storeId: 1, resourceId: 1, sequence: 2 });
      const others = [1, 2, 3].map((sequence) => anEvent({ storeId: 2, resourceId: 2, sequence }));
      await storeWithPendingEvents(1, [huge, afterHuge]);
      await storeWithPendingEvents(2, others);
      const relay = await startRelay();
      await relay.kick();

      await waitFor(async () => (await outboxOf(1))?.length === 0 && (await outboxOf(2))?.length === 0, {
        message: 'both outboxes drained',
      });
      const published = (await streamMessages(nats.jsm, streamName())).map((m) => m.json<DomainEvent>().id);
      expect(published.filter((id) => others.some((event) => event.id === id))).toEqual(others.map((event) => event.id));
      expect(published).toContain(afterHuge.id);
      expect(published).not.toContain(huge.id);

      const [dead] = (await deadLetters()).filter(({ letter }) => letter.event.id === huge.id);
      expect(dead.subject).toBe(`deadletter.outbox.${context}`);
      expect(dead.letter).toMatchObject({
        context,
        event: { id: huge.id, topic: 'store/updated', store_id: 1, resource_type: 'store', resource_id: 1, sequence: 1 },
        error: { code: 'MAX_PAYLOAD_EXCEEDED' },
      });
      expect(dead.letter.event_bytes).toBeGreaterThan(2_000_000);
      expect(dead.letter.event).not.toHaveProperty('resource');
      const kept = await db.collection<DeadEventDocument>(DEAD_EVENTS_COLLECTION).findOne({ _id: huge.id });
      expect(kept?.event).toEqual(huge);
      expect(kept?.error.code).toBe('MAX_PAYLOAD_EXCEEDED');
      expect(relay.stats()).toMatchObject({ deadLettered: 1 });
    });

    it('dead-letters an event that cannot form a subject instead of blocking its document forever', async () => {
      const invalid = { ...anEvent({ storeId: 3, resourceId: 3 }), topic: 'not a topic' } as unknown as DomainEvent;
      const next = anEvent({ storeId: 3, resourceId: 3, sequence: 2 });
      await storeWithPendingEvents(3, [invalid, next]);
      await startRelay();
      await waitFor(async () => (await outboxOf(3))?.length === 0, { message: 'the outbox drained past the invalid event' });
      expect((await streamMessages(nats.jsm, streamName())).map((m) => m.json<DomainEvent>().id)).toEqual([next.id]);
      expect(
        (await deadLetters()).some(({ letter }) => letter.event.id === invalid.id && /Invalid event topic/.test(letter.error.message)),
      ).toBe(true);
    });
  });
});
