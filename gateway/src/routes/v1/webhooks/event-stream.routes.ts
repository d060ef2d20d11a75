import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { webhooks } from '@commerce/contracts';
import { GrpcStatus, isRemoteError, type CallOptions } from '@commerce/grpc-runtime';
import type { BackendClients } from '../../../clients';
import { ApiError } from '../../../errors';
import type { OpenStreams } from '../../../event-stream/open-streams';
import { operation } from '../../../openapi/operation';
import { eventStreamQuery } from './webhooks.schemas';

/** How long each long poll of the feed waits for an event; an empty answer is a heartbeat. */
export const STREAM_WAIT_MS = 15_000;
/** A long poll's deadline is its wait plus this room for the answer. */
const ANSWER_ROOM_MS = 5_000;
/** Events read per call. */
const PAGE = 250;
/** Backoff after a failed poll (webhooks restarting...): doubling from the first, up to the last. */
const BACKOFF_MS = { first: 250, max: 5_000 };
/** Failed polls in a row after which the stream ends (about 40 s of failures); the client resumes with Last-Event-ID. */
const MAX_FAILURES = 12;

export interface EventStreamOptions {
  /** The open streams, bounded per credential (EVENT_STREAMS_PER_CREDENTIAL); absent, 5 per credential in this process. */
  streams?: OpenStreams;
  /** How long a poll waits (tests shorten it). */
  waitMs?: number;
}

const streamAnswer = z
  .string()
  .describe(
    'Server-Sent Events: `retry: 2000` first, then per event `id: <event id>`, `event: <topic>` and `data: <the envelope as ' +
      'the events feed gives it>`; a `: keep-alive` comment while nothing happens',
  );

/**
 * The live event stream (docs/webhooks.md#the-live-event-stream): the events feed, followed as Server-Sent Events. Each
 * turn is one long poll of the feed (ListEvents with wait_ms) after the last id sent, so a client that reconnects
 * with Last-Event-ID misses nothing and gets nothing twice (the feed keeps 30 days).
 */
export function eventStreamRoutes(router: Router, clients: BackendClients, options: EventStreamOptions): void {
  router.get(
    '/events/stream',
    operation(
      {
        summary: "The store's live event stream",
        description:
          "The store's public events as Server-Sent Events (`text/event-stream`), each the envelope the events feed " +
          'gives, as it is stored. Reconnecting with `Last-Event-ID` (or `since_id`) resumes after that event: nothing ' +
          `is lost or repeated (the feed keeps 30 days). At most ${options.streams?.perCredential ?? 'a few'} streams ` +
          'are open per credential; one more is a 429.',
        tag: 'Webhooks',
        auth: 'store',
        input: eventStreamQuery,
        answer: streamAnswer,
        answerMediaType: 'text/event-stream',
      },
      async (req, res, { principal, storeId, call, input }) => {
        const query = input();
        const sinceId = req.get('Last-Event-ID')?.trim() || query.since_id;
        const stream = new EventStream(res);
        const place = options.streams?.admit(principal, () => stream.end());
        if (options.streams && !place)
          throw new ApiError(
            429,
            `Too many open event streams for this credential (at most ${options.streams.perCredential}); close one first`,
            { headers: { 'Retry-After': '2' } },
          );
        // The place is free as soon as the client leaves, not when the poll in flight answers.
        res.once('close', () => place?.close());
        try {
          // The feed's history filters (resource, order) are not offered on the stream: every event of the topics.
          const request = {
            store_id: storeId,
            topic: '',
            topics: query.topics,
            limit: PAGE,
            resource_type: '',
            resource_id: 0,
            order_id: 0,
          };
          // Before the stream opens: an unknown topic or an event no longer kept is still a 422.
          const first = await clients.webhookDeliveries.listEvents(
            { ...request, since_id: sinceId, from_newest: !sinceId, wait_ms: 0 },
            call,
          );
          stream.open(req);
          // Ended meanwhile by a revocation or shutdown (or the client left): the client may try again.
          if (!stream.wasOpened) throw new ApiError(503, 'The event stream ended before it opened; connect again');
          stream.send(first.events);
          await follow(clients, stream, { ...request, since_id: first.cursor }, call, options.waitMs ?? STREAM_WAIT_MS);
        } finally {
          place?.close();
          stream.end();
        }
      },
    ),
  );
}

/** Long polls after `request.since_id` until the stream ends; a failed poll is retried with backoff. */
async function follow(
  clients: BackendClients,
  stream: EventStream,
  request: Omit<webhooks.ListEventsRequest, 'wait_ms' | 'from_newest'>,
  call: CallOptions,
  waitMs: number,
): Promise<void> {
  let cursor = request.since_id;
  let failures = 0;
  while (stream.isOpen) {
    try {
      const page = await clients.webhookDeliveries.listEvents(
        { ...request, since_id: cursor, from_newest: false, wait_ms: waitMs },
        { ...call, deadlineMs: waitMs + ANSWER_ROOM_MS },
      );
      failures = 0;
      if (page.events.length === 0) stream.heartbeat();
      else stream.send(page.events);
      cursor = page.cursor;
    } catch (error) {
      // The cursor's event was pruned (a stream idle past 30 days): nothing to resume from.
      if (isRemoteError(error) && error.code === GrpcStatus.INVALID_ARGUMENT) return;
      failures += 1;
      if (failures >= MAX_FAILURES) return;
      stream.heartbeat();
      await stream.pause(Math.min(BACKOFF_MS.first * 2 ** (failures - 1), BACKOFF_MS.max));
    }
  }
}

/** The response as an event stream: opened once the request checked out, ended by the client, the registry or the loop. */
class EventStream {
  private opened = false;
  private ended = false;
  private wake?: () => void;

  constructor(private readonly res: Response) {
    res.once('close', () => this.end());
  }

  get wasOpened(): boolean {
    return this.opened;
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  open(req: Request): void {
    if (this.ended) return;
    this.opened = true;
    // Nothing may hold the events back: no buffering proxy, no Nagle, no idle timeout on the socket.
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    this.res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      // The connection serves this stream only: once it ends (shutdown, revocation), the socket closes too.
      Connection: 'close',
    });
    this.res.write('retry: 2000\n\n');
  }

  /** Each event as a frame: its id (the client's Last-Event-ID), its topic and the envelope as the feed gives it. */
  send(envelopes: readonly string[]): void {
    if (this.ended || envelopes.length === 0) return;
    const frames = envelopes.map((text) => {
      const { id, topic } = JSON.parse(text) as { id: string; topic: string };
      return `id: ${id}\nevent: ${topic}\ndata: ${text}\n\n`;
    });
    this.res.write(frames.join(''));
  }

  heartbeat(): void {
    if (!this.ended) this.res.write(': keep-alive\n\n');
  }

  /** Waits `ms`, or less when the stream ends meanwhile. */
  pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.wake?.();
    if (this.opened && !this.res.writableEnded) this.res.end();
  }
}
