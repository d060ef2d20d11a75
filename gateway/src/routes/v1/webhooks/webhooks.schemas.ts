import { z } from 'zod';
import { blankAsMissing, looseArray, looseBool, looseInt, looseString, unixTime } from '../../../http/coerce';
import { pageSizeOf, pageSizeParams } from '../../../http/page-params';

/**
 * Inputs of spec 4.12 (DESIGN §8). Shapes only: what a url may point at and which topics exist are the
 * webhooks service's rules, answered field by field.
 */

/** `["order/paid"]`, JSON text of it (`events=["order/paid"]` in a query or form), `events[]=` repeated, or `order/paid,order/created`. */
const topics = () => looseArray(looseString({ trim: true }), { commaSeparated: true });

/** POST /v1/webhooks: `url` and `events`, both required (from the body or, as the original clients send them, the query string). */
export const createWebhookInput = z.object({ url: looseString(), events: topics() }).strip();

/** PUT /v1/webhooks/:id: the fields given change; `events` replaces the list; `enabled` true re-activates, false disables. */
export const updateWebhookInput = z
  .object({
    url: looseString().optional(),
    events: topics().optional(),
    enabled: blankAsMissing(looseBool()),
  })
  .strip()
  .transform(({ events, ...rest }) => ({ ...rest, events: events === undefined ? undefined : { events } }));

/** `limit` (or `per_page`) as orders take it: default 50, clamped to 1..250, an integer. */
const DEFAULT_LIMIT = 50;

/** GET /v1/webhooks/:id/deliveries: newest first, `older_than_id` the last id of the page read (the next_url carries it). */
export const listDeliveriesQuery = z
  .object({
    ...pageSizeParams(),
    older_than_id: blankAsMissing(looseInt({ min: 0 })).transform((id) => id ?? 0),
  })
  .strip()
  .transform(({ limit, per_page, ...rest }) => ({ ...rest, limit: pageSizeOf({ limit, per_page }, DEFAULT_LIMIT) }));

/** POST /v1/webhooks/:id/replay: `since` (unix seconds) is required. */
export const replayInput = z.object({ since: unixTime() }).strip();

/** GET /v1/events: `since_id` (an event id, the cursor), `topic` (a public topic; the service refuses others), `limit`. */
export const listEventsQuery = z
  .object({
    since_id: blankAsMissing(looseString({ trim: true })).transform((id) => id ?? ''),
    topic: blankAsMissing(looseString({ trim: true })).transform((topic) => topic ?? ''),
    ...pageSizeParams(),
  })
  .strip()
  .transform(({ limit, per_page, ...rest }) => ({ ...rest, limit: pageSizeOf({ limit, per_page }, DEFAULT_LIMIT) }));
