import type { Router } from 'express';
import { presentWebhook } from '@commerce/api-presenters';
import { webhooks } from '@commerce/contracts';
import type { BackendClients } from '../../../clients';
import { ok } from '../../../http/envelope';
import { refusePaging } from '../../../http/page-params';
import { createdWebhookJson, dataAnswer, listAnswer, webhookJson } from '../../../openapi/answers';
import { operation } from '../../../openapi/operation';
import { pathId } from '../../path-id';
import { createWebhookInput, updateWebhookInput } from './webhooks.schemas';

const WEBHOOK = 'Webhook';
/** docs/webhooks.md#routes lists update and delete at `/v1/webhoooks/:id` (three o's); clients use both spellings, and GET too. */
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

/** docs/webhooks.md#routes, docs/webhooks.md#the-record: each route is input → one WebhooksService call → presentWebhook. */
export function webhookRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/webhooks',
    operation(
      {
        summary: 'List webhooks',
        description: "The store's webhooks, oldest first. Unpaged (a store has at most 50).",
        tag: 'Webhooks',
        auth: 'store',
        answer: listAnswer('webhooks', webhookJson),
      },
      async (req, res, { storeId, call }) => {
        refusePaging(req);
        const answer = await clients.webhooks.listWebhooks({ store_id: storeId }, call);
        ok(res, { webhooks: answer.webhooks.map((webhook) => presentWebhook(webhook, answer.time_zone)) });
      },
    ),
  );

  // The signing secret is answered here and never again (the service keeps it sealed).
  router.post(
    '/webhooks',
    operation(
      {
        summary: 'Create a webhook',
        description: 'The answer carries the signing secret, this once.',
        tag: 'Webhooks',
        auth: 'store',
        input: createWebhookInput,
        answer: dataAnswer(createdWebhookJson),
      },
      async (_req, res, { storeId, call, input }) => {
        const answer = await clients.webhooks.createWebhook({ store_id: storeId, ...input() }, call);
        ok(res, { ...renderWebhook(answer), secret: answer.signing_secret });
      },
    ),
  );

  router.get(
    ONE_WEBHOOK,
    operation(
      {
        summary: 'Get a webhook',
        description: 'One webhook, without its signing secret (shown only when it was created).',
        tag: 'Webhooks',
        auth: 'store',
        answer: dataAnswer(webhookJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, renderWebhook(await clients.webhooks.getWebhook({ store_id: storeId, webhook_id: pathId(req, WEBHOOK) }, call)));
      },
    ),
  );

  router.put(
    ONE_WEBHOOK,
    operation(
      {
        summary: 'Update a webhook',
        description:
          'Changes the fields sent (`url`, `events`, `enabled`); `enabled=false` disables it, and its waiting deliveries are canceled.',
        tag: 'Webhooks',
        auth: 'store',
        input: updateWebhookInput,
        answer: dataAnswer(webhookJson),
      },
      async (req, res, { storeId, call, input }) => {
        const webhookId = pathId(req, WEBHOOK);
        const changes = input();
        const request = webhooks.UpdateWebhookRequest.fromPartial({ store_id: storeId, webhook_id: webhookId, ...changes });
        ok(res, renderWebhook(await clients.webhooks.updateWebhook(request, call)));
      },
    ),
  );

  router.delete(
    ONE_WEBHOOK,
    operation(
      {
        summary: 'Delete a webhook',
        description: 'Answers the deleted webhook.',
        tag: 'Webhooks',
        auth: 'store',
        answer: dataAnswer(webhookJson),
      },
      async (req, res, { storeId, call }) => {
        ok(res, renderWebhook(await clients.webhooks.deleteWebhook({ store_id: storeId, webhook_id: pathId(req, WEBHOOK) }, call)));
      },
    ),
  );
}
