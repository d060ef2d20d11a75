import type { NatsConnection } from 'nats';
import { EventConsumer, type EventConsumerOptions } from './event.consumer';
import type { EventLogger } from './event.logger';
import { ensureStream } from './event.stream';

/** One durable consumer of a context's stream: everything an EventConsumer takes but the stream it reads. */
export interface ContextConsumerDefinition extends Omit<
  EventConsumerOptions,
  'nc' | 'stream' | 'filterSubject' | 'filterSubjects' | 'logger'
> {
  /** The publishing context: its stream is ensured, and the consumer reads `events.<context>.>`. */
  context: string;
}

/** A background task (service-host's BackgroundTask shape): started once the service serves, stopped last-first. */
export interface ConsumersTask {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The durable consumers a service runs over other contexts' streams, as one background task. The streams are
 * ensured first, so a service may start before the services that publish on them; a consumer that fails to
 * start stops the ones already running (the host registers a task's stop only once its start succeeded).
 */
export function contextConsumers(
  name: string,
  nc: NatsConnection,
  logger: EventLogger,
  definitions: readonly ContextConsumerDefinition[],
): ConsumersTask {
  const consumers: EventConsumer[] = [];
  const stopAll = async () => {
    await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
  };
  return {
    name,
    async start() {
      const jsm = await nc.jetstreamManager();
      try {
        for (const { context, ...options } of definitions) {
          const stream = (await ensureStream(jsm, context)).config.name;
          const consumer = new EventConsumer({ ...options, nc, stream, filterSubject: `events.${context}.>`, logger });
          consumers.push(consumer);
          await consumer.start();
        }
      } catch (error) {
        await stopAll().catch(() => undefined);
        throw error;
      }
    },
    stop: stopAll,
  };
}
