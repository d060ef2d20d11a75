import { DUPLICATE_WINDOW_MS, ensureDeadLetterStream, ensureStream, eventSubject, topicFilter } from '@commerce/events';
import { waitFor } from '@commerce/testing';
import { AckPolicy, nanos, StorageType } from 'nats';
import { anEvent, startNatsFixture, stopNatsFixture, type NatsFixture } from './nats-test.fixture';

let nats: NatsFixture;

beforeAll(async () => {
  nats = await startNatsFixture();
});

afterAll(() => stopNatsFixture(nats));

describe('ensureStream', () => {
  it('creates one file stream per context with a 10 minute duplicate window', async () => {
    const info = await ensureStream(nats.jsm, 'storefront');
    expect(info.config).toMatchObject({
      name: 'EVENTS_STOREFRONT',
      subjects: ['events.storefront.>'],
      storage: StorageType.File,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    });
  });

  it('is idempotent and restores a drifted config', async () => {
    await ensureStream(nats.jsm, 'catalog');
    await nats.jsm.streams.update('EVENTS_CATALOG', { duplicate_window: nanos(1_000) });
    const info = await ensureStream(nats.jsm, 'catalog');
    expect(info.config.duplicate_window).toBe(nanos(DUPLICATE_WINDOW_MS));
    expect((await nats.jsm.streams.names().next()).filter((name) => name === 'EVENTS_CATALOG')).toHaveLength(1);
  });

  it('creates the dead-letter stream capturing deadletter.>', async () => {
    await ensureDeadLetterStream(nats.jsm);
    const info = await ensureDeadLetterStream(nats.jsm);
    expect(info.config).toMatchObject({ name: 'DEADLETTER', subjects: ['deadletter.>'], storage: StorageType.File });
  });
});

describe('subjects with a "/" topic', () => {
  it('are stored and matched by wildcard filters like any other token', async () => {
    await ensureStream(nats.jsm, 'orders');
    const js = nats.nc.jetstream();
    const paid = anEvent({ topic: 'order/paid', storeId: 3 });
    await js.publish(eventSubject('orders', paid), new TextEncoder().encode('{}'));
    await js.publish(eventSubject('orders', anEvent({ topic: 'order/created', storeId: 3 })), new TextEncoder().encode('{}'));

    const stored = await nats.jsm.streams.getMessage('EVENTS_ORDERS', { seq: 1 });
    expect(stored.subject).toBe('events.orders.3.order/paid');

    for (const [durable, filter, expected] of [
      ['paid_only', topicFilter('orders', 'order/paid'), 1],
      ['store_3', 'events.orders.3.>', 2],
      ['shipped_only', topicFilter('orders', 'order/shipped'), 0],
    ] as const) {
      await nats.jsm.consumers.add('EVENTS_ORDERS', { durable_name: durable, ack_policy: AckPolicy.Explicit, filter_subject: filter });
      const info = await waitFor(() => nats.jsm.consumers.info('EVENTS_ORDERS', durable));
      expect([durable, info.num_pending]).toEqual([durable, expected]);
    }
  });
});
