// Shared by this lib's integration tests only (excluded from the build): a private broker per test file.
import { startNatsServer, type NatsServerHandle } from '@commerce/testing';
import { connect, type JetStreamManager, type NatsConnection, type StoredMsg } from 'nats';
import type { StoreJson } from '@commerce/api-presenters';
import { newEvent, type DomainEvent, type NewEventInput } from './domain-event';

export interface NatsFixture {
  server: NatsServerHandle;
  nc: NatsConnection;
  jsm: JetStreamManager;
}

export async function startNatsFixture(): Promise<NatsFixture> {
  const server = await startNatsServer();
  const nc = await connect({ servers: server.url });
  return { server, nc, jsm: await nc.jetstreamManager() };
}

export async function stopNatsFixture(fixture: NatsFixture | undefined): Promise<void> {
  if (!fixture) return;
  await fixture.nc.drain();
  await fixture.server.stop();
}

/** Every message currently in a stream, oldest first. */
export async function streamMessages(jsm: JetStreamManager, stream: string): Promise<StoredMsg[]> {
  const { state } = await jsm.streams.info(stream);
  const messages: StoredMsg[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
    messages.push(await jsm.streams.getMessage(stream, { seq }));
  }
  return messages;
}

let nextResourceId = 1;

/** An event for transport tests: its resource is whatever the test needs, not a full rendered record. */
export function anEvent(
  overrides: Partial<Omit<NewEventInput<'store/updated'>, 'resource' | 'topic'>> & {
    topic?: string;
    resource?: Record<string, unknown>;
  } = {},
): DomainEvent {
  return newEvent<'store/updated'>({
    storeId: 7,
    resourceType: 'store',
    resourceId: nextResourceId++,
    sequence: 1,
    ...overrides,
    // Transport tests use topics of services not built yet (order/paid): the envelope is what they test.
    topic: (overrides.topic ?? 'store/updated') as 'store/updated',
    resource: (overrides.resource ?? { name: 'Acme' }) as StoreJson,
  });
}
