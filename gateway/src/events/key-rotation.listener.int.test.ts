import { encodeEvent, eventSubject, newEvent } from '@commerce/events';
import { startNatsServer, waitFor, type NatsServerHandle } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { ApiKeyCache } from '../auth/api-key.cache';
import { listenForKeyRotations } from './key-rotation.listener';

const DEADLINE = { timeoutMs: 5_000, intervalMs: 10 };

let server: NatsServerHandle;
/** The gateway's connection (the listener) and identity's (the publisher). */
let gateway: NatsConnection;
let identity: NatsConnection;
let cache: ApiKeyCache;

function rotation(storeId: number) {
  return newEvent({
    topic: 'api_key/rotated',
    storeId,
    resourceType: 'api_key',
    resourceId: storeId,
    sequence: 2,
    resource: { store_id: storeId, key_id: `key-${storeId}-new`, old_key_id: `key-${storeId}-old` },
  });
}

function remember(key: string, storeId: number): void {
  cache.set(ApiKeyCache.hash(key), storeId, `key-${storeId}-old`, cache.currentGeneration());
}

const cached = (key: string) => cache.get(ApiKeyCache.hash(key));

beforeAll(async () => {
  server = await startNatsServer();
});
beforeEach(async () => {
  gateway = await connect({ servers: server.url, reconnectTimeWait: 20, maxReconnectAttempts: -1 });
  identity = await connect({ servers: server.url, reconnectTimeWait: 20, maxReconnectAttempts: -1 });
  cache = new ApiKeyCache();
  listenForKeyRotations(gateway, cache);
  // A round trip: the server has the subscription before identity publishes.
  await gateway.flush();
  remember('sk_7_a', 7);
  remember('sk_7_b', 7);
  remember('sk_8', 8);
});
afterEach(async () => {
  await Promise.all([gateway?.close(), identity?.close()]);
});
afterAll(async () => {
  await server?.stop();
});

describe('listenForKeyRotations', () => {
  it("drops the rotated store's keys and keeps the other stores'", async () => {
    const event = rotation(7);
    expect(eventSubject('identity', event)).toBe('events.identity.7.api_key/rotated');
    identity.publish(eventSubject('identity', event), encodeEvent(event));

    await waitFor(() => !cached('sk_7_a'), { ...DEADLINE, message: "store 7's key to be dropped" });
    expect(cached('sk_7_b')).toBeUndefined();
    expect(cached('sk_8')).toMatchObject({ storeId: 8 });
  });

  it('ignores other topics and other contexts', async () => {
    const otherTopic = newEvent({
      topic: 'store/updated',
      storeId: 7,
      resourceType: 'store',
      resourceId: 7,
      sequence: 1,
      resource: {} as never,
    }); // only the topic matters here
    identity.publish('events.identity.7.store/updated', encodeEvent(otherTopic));
    identity.publish('events.storefront.7.api_key/rotated', encodeEvent(rotation(7)));
    // Identity's messages arrive in order: once store 8's rotation is applied, the two above were seen.
    identity.publish('events.identity.8.api_key/rotated', encodeEvent(rotation(8)));

    await waitFor(() => !cached('sk_8'), { ...DEADLINE, message: "store 8's key to be dropped" });
    expect(cached('sk_7_a')).toMatchObject({ storeId: 7 });
    expect(cached('sk_7_b')).toMatchObject({ storeId: 7 });
  });

  it('forgets every key when a rotation it cannot read arrives (it cannot tell whose it was)', async () => {
    identity.publish('events.identity.7.api_key/rotated', new TextEncoder().encode('{"store_id": "seven"'));

    await waitFor(() => cache.size === 0, { ...DEADLINE, message: 'the cache to be cleared' });
  });

  it('forgets every key after a broker outage, when rotations may have been missed, and still hears rotations after it', async () => {
    await server.restart();
    await waitFor(() => cache.size === 0, { ...DEADLINE, message: 'the cache to be cleared after the reconnect' });
    await waitFor(async () => !gateway.isClosed() && (await gateway.flush().then(() => true)), {
      ...DEADLINE,
      message: 'the gateway to reconnect',
    });
    await waitFor(async () => !identity.isClosed() && (await identity.flush().then(() => true)), {
      ...DEADLINE,
      message: 'identity to reconnect',
    });

    remember('sk_9', 9);
    remember('sk_10', 10);
    identity.publish('events.identity.9.api_key/rotated', encodeEvent(rotation(9)));
    await waitFor(() => !cached('sk_9'), { ...DEADLINE, message: "store 9's key to be dropped after the reconnect" });
    expect(cached('sk_10')).toMatchObject({ storeId: 10 });
  });
});
