import type { Router } from 'express';
import type { BackendClients } from '../../../clients';
import { sendCursorPage, type PaginationOptions } from '../../../http/pagination';
import { cursorAnswer, eventJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { listEventsQuery } from './webhooks.schemas';

/**
 * The events feed (docs/webhooks.md#the-events-feed, beyond the original API): the store's public events of the last 30 days, oldest first,
 * each the envelope as published, so an app can reconcile what it missed, or of one order's or resource's history (an order's
 * page). Cursor paged: next_url carries
 * since_id = the page's last id, and is null once the page reaches the newest event.
 */
export function eventsRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  router.get(
    '/events',
    operation(
      {
        summary: "The store's events feed",
        description:
          "The store's public events of the last 30 days, oldest first, each the envelope as published; `order_id` keeps an " +
          "order's history (its fulfillments' and refunds' events too), `resource_type` with `resource_id` one resource's. " +
          'Cursor paged: `next_url` carries `since_id` (and the filters), and is null once the page reaches the newest event ' +
          '(poll again later with `since_id` = the last id read).',
        tag: 'Webhooks',
        auth: 'store',
        input: listEventsQuery,
        answer: cursorAnswer('events', eventJson),
      },
      async (req, res, { storeId, call, input }) => {
        const query = input();
        const answer = await clients.webhookDeliveries.listEvents(
          { store_id: storeId, ...query, topics: [], wait_ms: 0, from_newest: false },
          call,
        );
        const events = answer.events.map((text) => JSON.parse(text) as { id: string });
        const cursor = { name: 'since_id', value: events.at(-1)?.id ?? query.since_id };
        sendCursorPage(req, res, { events }, { limit: answer.limit, hasMore: answer.has_more, cursor }, pagination);
      },
    ),
  );
}
