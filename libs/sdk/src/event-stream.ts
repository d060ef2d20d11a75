import type { Client } from 'openapi-fetch';
import type { EventSourceMessage } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { apiErrorOf } from './errors';
import type { paths } from './generated/openapi';
import { WEBHOOK_TOPICS, type WebhookResources, type WebhookTopic } from './webhooks';

/** A public topic: every topic a webhook receives but the test ping, which is never in the feed. */
export type EventTopic = Exclude<WebhookTopic, 'webhook/test'>;

/** Every public topic, as the stream's `topics` and a webhook's `events` take them. */
export const EVENT_TOPICS: readonly EventTopic[] = WEBHOOK_TOPICS.filter((topic): topic is EventTopic => topic !== 'webhook/test');

/**
 * One event of the stream: the envelope as the events feed keeps it (docs/webhooks.md#the-events-feed), `topic`
 * narrowing `resource` to its record as webhooks deliver it.
 */
export type StreamedEvent<T extends EventTopic = EventTopic> = {
  [Topic in T]: {
    id: string;
    topic: Topic;
    store_id: number;
    occurred_at: string;
    resource_type: string;
    resource_id: string;
    sequence: number;
    resource: WebhookResources[Topic];
  };
}[T];

export interface EventStreamOptions<T extends EventTopic> {
  /** Only these topics; all public topics when absent. */
  topics?: readonly T[];
  /** Resume after this event (an id the stream or the feed gave); absent, only events stored from now on. */
  lastEventId?: string;
  /** Ends the stream: the loop over it returns. */
  signal?: AbortSignal;
  /** Told of each reconnect, with why (a dropped connection, a gateway restarting); the stream goes on after it. */
  onReconnect?: (reason: unknown) => void;
}

/** The server's `retry:` until it sends one; reconnects wait about this long, with jitter. */
const DEFAULT_RETRY_MS = 2_000;

/**
 * The store's live events (`GET /v1/events/stream`, Server-Sent Events) as an async iterator. When the connection
 * drops or the gateway restarts, it reconnects with the last event's id as `Last-Event-ID`, so nothing is lost
 * or repeated. A refused stream (a bad credential, an unknown topic, an event id the feed no longer keeps) throws
 * `CommerceApiError`; 429 and 503 are retried by the client's transport. Leaving the loop closes the connection.
 */
export async function* streamEvents<T extends EventTopic>(
  raw: Client<paths>,
  options: EventStreamOptions<T> = {},
): AsyncGenerator<StreamedEvent<T>> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let lastEventId = options.lastEventId;
  let retryMs = DEFAULT_RETRY_MS;
  try {
    while (!stop.signal.aborted) {
      try {
        const body = await open(raw, options.topics, lastEventId, stop.signal);
        for await (const message of messagesOf(body, stop.signal, (ms) => (retryMs = ms))) {
          if (!message.id) continue;
          lastEventId = message.id;
          yield JSON.parse(message.data) as StreamedEvent<T>;
        }
        if (stop.signal.aborted) return;
        options.onReconnect?.(new Error('the stream ended'));
      } catch (error) {
        if (stop.signal.aborted) return;
        if (isRefusal(error)) throw error;
        options.onReconnect?.(error);
      }
      await pause(retryMs / 2 + Math.random() * retryMs, stop.signal);
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
}

/** The stream's body, once the gateway accepted it; throws CommerceApiError when it refused. */
async function open(
  raw: Client<paths>,
  topics: readonly string[] | undefined,
  lastEventId: string | undefined,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const { response, error } = await raw.GET('/v1/events/stream', {
    params: { query: topics?.length ? { topics: [...topics] } : {} },
    headers: { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
    parseAs: 'stream',
    signal,
  });
  if (!response.ok || !response.body) throw apiErrorOf(response, error);
  return response.body;
}

/**
 * The stream's messages until it ends, or until `signal` aborts. The read is cancelled by hand on abort: an aborted
 * fetch does not always end a read already waiting on its body, and a cancelled read ends at once, closing the connection.
 */
async function* messagesOf(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onRetry: (ms: number) => void,
): AsyncGenerator<EventSourceMessage> {
  const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream({ onRetry })).getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      yield value;
    }
  } finally {
    signal.removeEventListener('abort', cancel);
    cancel();
  }
}

/** An answer the gateway gave on purpose (4xx): reconnecting would get the same. 429s reach here only past the retries. */
function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
