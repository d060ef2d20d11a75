import type { Router } from 'express';
import { presentDelivery } from '@commerce/api-presenters';
import type { webhooks } from '@commerce/contracts';
import { z } from 'zod';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { sendCursorPage, type PaginationOptions } from '../../../http/pagination';
import { cursorAnswer, dataAnswer, deliveryJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { listDeliveriesQuery, replayInput } from './webhooks.schemas';

const WEBHOOK = 'Webhook';
/** Sub-paths take both spellings, as the webhook itself does (docs/webhooks.md#routes writes `/v1/webhoooks/:id`). */
const bothSpellings = (subPath: string): string[] => [`/webhooks/:id${subPath}`, `/webhoooks/:id${subPath}`];
/** The one delivery an answer holds; a missing one is a backend bug (500, logged). */
function renderDelivery(answer: { delivery?: webhooks.Delivery; time_zone: string }) {
  if (!answer.delivery) throw new Error('webhooks answered without a delivery');
  return presentDelivery(answer.delivery, answer.time_zone);
}

/** docs/webhooks.md#seeing-and-repairing-deliveries: seeing a webhook's deliveries and repairing them (WebhookDeliveryService). */
export function deliveryRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  // Cursor paged, newest first: next_url carries older_than_id = the page's last id, and is null on the last page.
  router.get(
    bothSpellings('/deliveries'),
    operation(
      {
        summary: "List a webhook's deliveries",
        description: 'Newest first, cursor paged: `next_url` carries `older_than_id`, and is null on the last page.',
        tag: 'Webhooks',
        auth: 'store',
        input: listDeliveriesQuery,
        answer: cursorAnswer('deliveries', deliveryJson),
      },
      async (req, res, { storeId, call, input }) => {
        const webhookId = pathId(req, WEBHOOK);
        const query = input();
        const answer = await clients.webhookDeliveries.listWebhookDeliveries({ store_id: storeId, webhook_id: webhookId, ...query }, call);
        const deliveries = answer.deliveries.map((delivery) => presentDelivery(delivery, answer.time_zone));
        const cursor = { name: 'older_than_id', value: answer.deliveries.at(-1)?.id ?? query.older_than_id };
        sendCursorPage(req, res, { deliveries }, { limit: answer.limit, hasMore: answer.has_more, cursor }, pagination);
      },
    ),
  );

  router.post(
    bothSpellings('/deliveries/:delivery_id/retry'),
    operation(
      {
        summary: 'Retry a delivery',
        description:
          'A new attempt series of that event to the webhook, starting now with the same `webhook-id`; any delivery may ' +
          'be retried, a delivered one too. 409 while the webhook is disabled, 404 when the event is no longer kept (30 days).',
        tag: 'Webhooks',
        auth: 'store',
        answer: dataAnswer(deliveryJson),
      },
      async (req, res, { storeId, call }) => {
        const webhookId = pathId(req, WEBHOOK);
        const deliveryId = pathId(req, 'Delivery', 'delivery_id');
        ok(
          res,
          renderDelivery(
            await clients.webhookDeliveries.retryDelivery({ store_id: storeId, webhook_id: webhookId, delivery_id: deliveryId }, call),
          ),
        );
      },
    ),
  );

  // Every kept event of the store at or after `since`, to this webhook (those of its topics), in occurrence order.
  router.post(
    bothSpellings('/replay'),
    operation(
      {
        summary: 'Replay the events since a time to a webhook',
        description: "Every kept event of the store at or after `since` (those of the webhook's topics), in occurrence order.",
        tag: 'Webhooks',
        auth: 'store',
        input: replayInput,
        answer: dataAnswer(z.strictObject({ webhook_id: z.number().int(), events: z.number().int(), scheduled: z.number().int() })),
      },
      async (req, res, { storeId, call, input }) => {
        const webhookId = pathId(req, WEBHOOK);
        const { since } = input();
        const answer = await clients.webhookDeliveries.replayEventsSince({ store_id: storeId, webhook_id: webhookId, since }, call);
        ok(res, { webhook_id: webhookId, events: answer.events, scheduled: answer.scheduled });
      },
    ),
  );

  router.post(
    bothSpellings('/test'),
    operation(
      {
        summary: 'Send a test event to a webhook',
        description:
          'Sends a `webhook/test` event to this webhook only, signed as every delivery is; the answer is its delivery, ' +
          '`pending`. 409 while the webhook is disabled.',
        tag: 'Webhooks',
        auth: 'store',
        answer: dataAnswer(deliveryJson),
      },
      async (req, res, { storeId, call }) => {
        ok(
          res,
          renderDelivery(await clients.webhookDeliveries.sendTestEvent({ store_id: storeId, webhook_id: pathId(req, WEBHOOK) }, call)),
        );
      },
    ),
  );
}
