import { encodeEvent, eventSubject, newEvent } from '@commerce/events';
import { startNatsServer, waitFor, type NatsServerHandle } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { GrantStatusCache } from '../auth/grant-status.cache';
import { listenForGrantRevocations } from './grant-revocation.listener';

const DEADLINE = { timeoutMs: 5_000, intervalMs: 10 };

let server: NatsServerHandle;
/** The gateway's connection (the listener) and identity's (the publisher). */
let gateway: NatsConnection;
let identity: NatsConnection;
let cache: GrantStatusCache;

function revocation(grantId: number, storeId = 7) {
  return newEvent({
    topic: 'grant/revoked',
    storeId,
    resourceType: 'grant',
    resourceId: grantId,
    sequence: 2,
    resource: { grant_id: String(grantId), client_id: 'sca_app', user_id: 42, store_id: storeId },
  });
}

const remember = (grantId: string) =>
  cache.set(grantId, { active: true, userId: 42, storeId: 7, scopes: new Set(['store_read']) }, cache.currentGeneration());
const isActive = (grantId: string) => cache.get(grantId)?.active === true;

beforeAll(async () => {
  server = await startNatsServer();
});
beforeEach(async () => {
  gateway = await connect({ servers: server.url, reconnectTimeWait: 20, maxReconnectAttempts: -1 });
  identity = await connect({ servers: server.url, reconnectTimeWait: 20, maxReconnectAttempts: -1 });
  cache = new GrantStatusCache();
  listenForGrantRevocations(gateway, cache);
  await gateway.flush();
  remember('1');
  remember('2');
});
afterEach(async () => {
  await Promise.all([gateway?.close(), identity?.close()]);
});
afterAll(async () => {
  await server?.stop();
});

describe('listenForGrantRevocations', () => {
  it('refuses the revoked grant and keeps the others', async () => {
    const event = revocation(1);
    identity.publish(eventSubject('identity', event), encodeEvent(event));

    await waitFor(() => cache.get('1')?.active === false, { ...DEADLINE, message: 'grant 1 to be refused' });
    expect(isActive('2')).toBe(true);
  });

  it('ignores other topics of identity, such as app/uninstalled, which always comes with grant/revoked', async () => {
    const uninstalled = newEvent({
      topic: 'app/uninstalled',
      storeId: 7,
      resourceType: 'grant',
      resourceId: 2,
      sequence: 2,
      resource: { client_id: 'sca_app' } as never,
    }); // partial: only the topic matters here
    identity.publish(eventSubject('identity', uninstalled), encodeEvent(uninstalled));
    const event = revocation(1);
    identity.publish(eventSubject('identity', event), encodeEvent(event));

    await waitFor(() => cache.get('1')?.active === false, { ...DEADLINE, message: 'grant 1 to be refused' });
    expect(isActive('2')).toBe(true);
  });

  it('forgets every grant when a revocation it cannot read arrives', async () => {
    identity.publish('events.identity.7.grant/revoked', new TextEncoder().encode('{"grant_id": 1'));

    await waitFor(() => cache.size === 0, { ...DEADLINE, message: 'the cache to be cleared' });
  });

  it('forgets every grant after a broker outage, and still hears revocations after it', async () => {
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

    remember('3');
    const event = revocation(3);
    identity.publish(eventSubject('identity', event), encodeEvent(event));
    await waitFor(() => cache.get('3')?.active === false, { ...DEADLINE, message: 'grant 3 to be refused after the reconnect' });
  });
});
