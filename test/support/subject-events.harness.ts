import type { NatsConnection } from 'nats';
import type { PublishedEvent } from '@commerce/testing';

/**
 * Every event on one subject of a context's stream (`EVENTS_<CTX>`), oldest first, read in batches by an
 * ordered consumer: one round trip for hundreds of events, where `streamEvents` asks for each message.
 * The filter goes as one subject (`filter_subject`): nats-server 2.9 ignores a `filter_subjects` list.
 */
export async function subjectEvents<E extends PublishedEvent = PublishedEvent>(
  bus: NatsConnection,
  context: string,
  subject: string,
): Promise<E[]> {
  const stream = `EVENTS_${context.toUpperCase()}`;
  const { state } = await (await bus.jetstreamManager()).streams.info(stream, { subjects_filter: subject });
  const count = state.subjects?.[subject] ?? 0;
  if (count === 0) return [];
  const consumer = await bus.jetstream().consumers.get(stream, { filterSubjects: subject });
  const events: E[] = [];
  try {
    for await (const message of await consumer.fetch({ max_messages: count, expires: 5_000 })) {
      if (message.subject !== subject) throw new Error(`the consumer filtered on ${subject} delivered ${message.subject}`);
      events.push(message.json<E>());
      if (events.length === count) break;
    }
  } finally {
    await consumer.delete().catch(() => undefined);
  }
  return events;
}
