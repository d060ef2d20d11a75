import type { StoreJson } from '@commerce/api-presenters';
import {
  decodeEvent,
  encodeEvent,
  eventSubject,
  eventStreamName,
  isEventOf,
  newEvent,
  topicFilter,
  type DomainEvent,
  type EventTopic,
} from '@commerce/events';

// A partial store is enough here: these tests are about the envelope, not the rendered record.
const input = {
  topic: 'store/updated' as const,
  storeId: 42,
  resourceType: 'store',
  resourceId: 42,
  sequence: 3,
  resource: { name: 'Acme' } as StoreJson,
};

describe('newEvent', () => {
  it('builds the docs/events.md#envelope envelope with a fresh id and a UTC timestamp', () => {
    const event = newEvent({ ...input, now: new Date('2024-05-01T10:00:00+02:00') });
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      topic: 'store/updated',
      store_id: 42,
      occurred_at: '2024-05-01T08:00:00.000Z',
      resource: { name: 'Acme' },
      sequence: 3,
      resource_type: 'store',
      resource_id: 42,
    });
    expect(newEvent(input).id).not.toBe(event.id);
  });

  it('gives ids that are UUIDv7: made later sorts later, so an index on them grows at its end', () => {
    const ids = Array.from({ length: 500 }, () => newEvent(input).id);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // The first 48 bits are the Unix time in milliseconds.
    expect(Math.abs(parseInt(ids[0].replace('-', '').slice(0, 12), 16) - Date.now())).toBeLessThan(60_000);
  });

  it.each(['store.updated', 'store/*', 'updated', 'Store/Updated', 'store/up dated'])(
    'rejects topic %p that would break the subject',
    (topic) => {
      expect(() => newEvent({ ...input, topic: topic as EventTopic })).toThrow(/Invalid event topic/);
    },
  );

  it('rejects a non-integer store id', () => {
    expect(() => newEvent({ ...input, storeId: 1.5 })).toThrow(/Invalid event storeId/);
  });
});

describe('isEventOf', () => {
  it('accepts an event of one of the topics, and types its resource by the topic', () => {
    const event: DomainEvent = newEvent(input);
    expect(isEventOf(event, ['store/created', 'store/updated'])).toBe(true);
    expect(isEventOf(event, ['product/created'])).toBe(false);
    if (isEventOf(event, ['store/updated'])) expect(event.resource.name).toBe('Acme'); // typed StoreJson: compiles without a cast
  });
});

describe('subjects and streams', () => {
  it('puts context, store and topic into the subject', () => {
    expect(eventSubject('storefront', { store_id: 42, topic: 'store/updated' })).toBe('events.storefront.42.store/updated');
    expect(topicFilter('catalog', 'product/created')).toBe('events.catalog.*.product/created');
  });

  it('names one stream per context', () => {
    expect(eventStreamName('catalog')).toBe('EVENTS_CATALOG');
    expect(() => eventStreamName('Catalog.x')).toThrow(/Invalid event context/);
  });
});

describe('codec', () => {
  it('round-trips an event as JSON and refuses other bodies', () => {
    const event = newEvent(input);
    expect(decodeEvent(encodeEvent(event))).toEqual(event);
    expect(() => decodeEvent(new TextEncoder().encode('{"id":1}'))).toThrow(/not a domain event/);
    expect(() => decodeEvent(new TextEncoder().encode('not json'))).toThrow();
  });
});
