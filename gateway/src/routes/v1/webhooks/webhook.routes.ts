import type { Router } from 'express';
import { presentWebhook } from '@commerce/api-presenters';
import { webhooks } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { parseInput } from '../../../http/coerce';
import { ok } from '../../../http/envelope';
import { readParams } from '../../../http/input';
import { pathId } from '../../path-id';
import { route } from '../../route';
import { createWebhookInput, updateWebhookInput } from './webhooks.schemas';

const WEBHOOK = 'Webhook';
/** Spec 4.12 lists update and delete at `/v1/webhoooks/:id` (three o's); clients use both spellings, and GET too. */
const ONE_WEBHOOK = ['/webhooks/:id', '/webhoooks/:id'];

/** A webhooks answer holding one webhook, and the store's zone its timestamps render in. */
interface WebhookAnswer {
  webhook?: webhooks.Webhook;
  time_zone: string;
}

/** `data` of every single-webhook answer; a missing record is a backend bug, so a 500 (logged). */
function renderWebhook(answer: WebhookAnswer) {
  if (!answer.webhook) throw new Error('webhooks answered without a webhook');
  return presentWebhook(answer.webhook, answer.time_zone);
}

/** Spec 4.12 and DESIGN §8: each route is input → one WebhooksService call → presentWebhook. */
export function webhookRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/webhooks',
    route(async (_req, res, { storeId, call }) => {
      const answer = await clients.webhooks.listWebhooks({ store_id: storeId }, call);
      ok(res, { webhooks: answer.webhooks.map((webhook) => presentWebhook(webhook, answer.time_zone)) });
    }),
  );

  // The signing secret is answered here and never again (the service keeps it sealed).
  router.post(
    '/webhooks',
    route(async (req, res, { storeId, call }) => {
      const input = parseInput(createWebhookInput, readParams(req));
      const answer = await clients.webhooks.createWebhook({ store_id: storeId, ...input }, call);
      ok(res, { ...renderWebhook(answer), secret: answer.signing_secret });
    }),
  );

  router.get(
    ONE_WEBHOOK,
    route(async (req, res, { storeId, call }) => {
      ok(res, renderWebhook(await clients.webhooks.getWebhook({ store_id: storeId, webhook_id: pathId(req, WEBHOOK) }, call)));
    }),
  );

  router.put(
    ONE_WEBHOOK,
    route(async (req, res, { storeId, call }) => {
      const webhookId = pathId(req, WEBHOOK);
      const changes = parseInput(updateWebhookInput, readParams(req));
      const request = webhooks.UpdateWebhookRequest.fromPartial({ store_id: storeId, webhook_id: webhookId, ...changes });
      ok(res, renderWebhook(await clients.webhooks.updateWebhook(request, call)));
    }),
  );

  router.delete(
    ONE_WEBHOOK,
    route(async (req, res, { storeId, call }) => {
      ok(res, renderWebhook(await clients.webhooks.deleteWebhook({ store_id: storeId, webhook_id: pathId(req, WEBHOOK) }, call)));
    }),
  );
}
