import { z } from 'zod';
import { PUBLIC_TOPICS } from '@commerce/events';
import { listExcerpt } from '@commerce/grpc-runtime';
import { blankAsMissing, looseArray, looseBool, looseInt, looseString, unixTime } from '../../../http/coerce';
import { CEILINGS } from '../../../http/ceilings';
import { pageSizeOf, pageSizeParams } from '../../../http/page-params';

/**
 * Inputs of docs/webhooks.md#routes (docs/webhooks.md#the-record). Shapes only: what a url may point at and which topics exist are the
 * webhooks service's rules, answered field by field.
 */

/** `["order/paid"]`, JSON text of it (`events=["order/paid"]` in a query or form), `events[]=` repeated, or `order/paid,order/created`. */
const topics = () =>
  looseArray(looseString({ trim: true, max: CEILINGS.lineChars }), { commaSeparated: true, max: CEILINGS.shortListItems });
const url = () => looseString({ max: CEILINGS.lineChars });

/** POST /v1/webhooks: `url` and `events`, both required (from the body or, as the original clients send them, the query string). */
export const createWebhookInput = z.object({ url: url(), events: topics() }).strip();

/** PUT /v1/webhooks/:id: the fields given change; `events` replaces the list; `enabled` true re-activates, false disables. */
export const updateWebhookInput = z
  .object({
    url: url().optional(),
    events: topics().optional(),
    enabled: blankAsMissing(looseBool()),
  })
  .strip()
  .transform(({ events, ...rest }) => ({ ...rest, events: events === undefined ? undefined : { events } }));

/** `limit` (or `per_page`) must be an integer, passed through: webhooks defaults and clamps it (its domain/paging.ts). */

/** GET /v1/webhooks/:id/deliveries: newest first, `older_than_id` the last id of the page read (the next_url carries it). */
export const listDeliveriesQuery = z
  .object({
    ...pageSizeParams(),
    older_than_id: blankAsMissing(looseInt({ min: 0 }))
      .transform((id) => id ?? 0)
      .describe("Only deliveries with an id below this one: the last id of the page read (the next page's link carries it)"),
  })
  .strip()
  .transform(({ limit, per_page, ...rest }) => ({ ...rest, limit: pageSizeOf({ limit, per_page }) }));

/** POST /v1/webhooks/:id/replay: `since` (unix seconds) is required. */
export const replayInput = z.object({ since: unixTime() }).strip();

/**
 * GET /v1/events: `since_id` (an event id, the cursor), `topic` (a public topic; the service refuses others), `limit`, and
 * the history filters `resource_type` with `resource_id` and `order_id` (which go together, and which ids are positive,
 * is the service's to say).
 */
export const listEventsQuery = z
  .object({
    since_id: blankAsMissing(looseString({ trim: true }))
      .transform((id) => id ?? '')
      .describe(
        "Only events stored after this one: the last id of the page read (the next page's link carries it); an event no " +
          'longer kept is a 422',
      ),
    topic: blankAsMissing(looseString({ trim: true }))
      .transform((topic) => topic ?? '')
      .describe('Only events of this public topic (`order/paid`...)'),
    resource_type: blankAsMissing(looseString({ trim: true, max: CEILINGS.lineChars }))
      .transform((type) => type ?? '')
      .describe('With `resource_id`: only the events of this resource, by its type as envelopes name it (`order`, `product`...)'),
    resource_id: blankAsMissing(looseInt())
      .transform((id) => id ?? 0)
      .describe('With `resource_type`: only the events of the resource of this id'),
    order_id: blankAsMissing(looseInt())
      .transform((id) => id ?? 0)
      .describe(
        "Only the events of this order's history: its `order/*` events and its fulfillments' and refunds' " +
          '(`fulfillment/updated`, `refund/created`)',
      ),
    ...pageSizeParams(),
  })
  .strip()
  .transform(({ limit, per_page, ...rest }) => ({ ...rest, limit: pageSizeOf({ limit, per_page }) }));

const PUBLIC = new Set<string>(PUBLIC_TOPICS);

/**
 * GET /v1/events/stream (docs/webhooks.md#the-live-event-stream): `topics` (public topics, comma-separated; checked here, since
 * a 422 must come before the stream opens), `since_id` (the Last-Event-ID header wins over it).
 */
export const eventStreamQuery = z
  .object({
    topics: blankAsMissing(
      topics().superRefine((names, context) => {
        const unknown = names.filter((name) => !PUBLIC.has(name));
        if (unknown.length > 0)
          context.addIssue({ code: 'custom', message: `are not public topics: ${listExcerpt(unknown)}`, input: names });
      }),
    )
      .transform((names) => names ?? [])
      .describe('Only events of these public topics, comma-separated (`order/paid,product/created`); all of them when absent'),
    since_id: blankAsMissing(looseString({ trim: true }))
      .transform((id) => id ?? '')
      .describe(
        'Resume after this event (for clients that cannot send `Last-Event-ID` on their first connection; the header wins). ' +
          'Without either, only events stored from now on. An event no longer kept is a 422',
      ),
  })
  .strip();
