import type { NatsConnection, Subscription } from 'nats';
import { decodeEvent, type DomainEvent } from '@commerce/events';

export interface InvalidatedCache {
  /** Drops what the event makes stale; throwing (an event it cannot read) clears the whole cache instead. */
  apply(event: DomainEvent): void;
  clear(): void;
}

/**
 * Keeps a gateway cache honest against identity's events. A plain subscription is enough: every gateway
 * replica must hear every event, and a gap in hearing them (disconnect, reconnect) clears the whole cache.
 */
export function listenForInvalidations(nc: NatsConnection, subject: string, cache: InvalidatedCache): Subscription {
  const subscription = nc.subscribe(subject, {
    callback: (error, message) => {
      if (error) return;
      try {
        cache.apply(decodeEvent(message.data));
      } catch {
        cache.clear();
      }
    },
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'reconnect' || status.type === 'disconnect') cache.clear();
    }
  })();
  return subscription;
}
