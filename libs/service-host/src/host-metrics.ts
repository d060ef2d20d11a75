import type { OutboxRelay } from '@commerce/events';
import type { Metrics, Registry } from '@commerce/observability';
import type { NatsConnection } from 'nats';

/**
 * What every service reports beside its gRPC calls (docs/operations.md): the outbox backlog and the relay's
 * lag (the age of the oldest event not yet on the bus), the relay's published and dead-lettered counts, and
 * the lag of the durable consumers the service runs (`<service>-...`), read from JetStream at scrape time.
 */
export function registerHostMetrics(
  metrics: Metrics,
  registry: Registry,
  service: string,
  relayOf: () => OutboxRelay | undefined,
  nc: NatsConnection,
): void {
  const { scrapedGauge } = metrics;
  const backlog = async () => (await relayOf()?.backlog()) ?? { events: 0, oldestAgeSeconds: 0 };
  scrapedGauge(registry, 'outbox_pending_events', 'Events written with their state change and not yet published', [], async () => [
    { labels: {}, value: (await backlog()).events },
  ]);
  scrapedGauge(registry, 'outbox_relay_lag_seconds', 'Age of the oldest event waiting in an outbox (0 when none waits)', [], async () => [
    { labels: {}, value: (await backlog()).oldestAgeSeconds },
  ]);
  relayCounter(
    metrics,
    registry,
    'outbox_events_published_total',
    'Events the relay published to JetStream',
    () => relayOf()?.stats().published ?? 0,
  );
  relayCounter(
    metrics,
    registry,
    'outbox_events_dead_lettered_total',
    'Events that could never be published, kept in dead_events',
    () => relayOf()?.stats().deadLettered ?? 0,
  );

  const consumers = () => consumerInfos(nc, `${service}-`);
  scrapedGauge(
    registry,
    'jetstream_consumer_pending_messages',
    'Messages of a durable consumer not yet delivered',
    ['stream', 'consumer'],
    async () => (await consumers()).map((info) => ({ labels: { stream: info.stream_name, consumer: info.name }, value: info.num_pending })),
  );
  scrapedGauge(
    registry,
    'jetstream_consumer_ack_pending_messages',
    'Messages delivered to a durable consumer and not yet acknowledged',
    ['stream', 'consumer'],
    async () =>
      (await consumers()).map((info) => ({ labels: { stream: info.stream_name, consumer: info.name }, value: info.num_ack_pending })),
  );
}

/** A counter whose total the relay keeps; read at scrape time. */
function relayCounter({ Counter }: Metrics, registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** The service's own durable consumers on every stream (their names start with the service's). */
async function consumerInfos(nc: NatsConnection, prefix: string) {
  const jsm = await nc.jetstreamManager();
  const infos = [];
  for await (const stream of jsm.streams.list()) {
    for await (const consumer of jsm.consumers.list(stream.config.name)) {
      if (consumer.name.startsWith(prefix)) infos.push(consumer);
    }
  }
  return infos;
}
