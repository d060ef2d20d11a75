import type { JetStreamManager } from 'nats';

/**
 * An event as a test reads it off a stream: the envelope of @commerce/events, untyped by topic, because a test
 * checks what was published rather than trusting the publisher's types.
 */
export interface PublishedEvent {
  id: string;
  topic: string;
  store_id: number;
  occurred_at: string;
  sequence: number;
  resource_type: string;
  resource_id: number;
  resource: Record<string, unknown>;
}

/**
 * Every event in one context's stream (`EVENTS_<CTX>`), oldest first. Each must sit on
 * `events.<ctx>.<store_id>.<topic>` (docs/events.md#streams-and-subjects), or this throws.
 */
export async function streamEvents<E extends PublishedEvent = PublishedEvent>(jsm: JetStreamManager, context: string): Promise<E[]> {
  const stream = `EVENTS_${context.toUpperCase()}`;
  const { state } = await jsm.streams.info(stream);
  const events: E[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const message = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
    if (!message) continue; // removed by a limit or a purge
    const event = message.json<E>();
    const expectedSubject = `events.${context}.${event.store_id}.${event.topic}`;
    if (message.subject !== expectedSubject)
      throw new Error(`event ${event.id} was published on ${message.subject}, expected ${expectedSubject}`);
    events.push(event);
  }
  return events;
}
