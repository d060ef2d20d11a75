import type { Request, Router } from 'express';
import { presentEmailTemplate, presentNotification, presentNotificationWithContent } from '@commerce/api-presenters';
import { notifications } from '@commerce/contracts';
import { z } from 'zod';
import type { BackendClients } from '../../clients';
import { ApiError } from '../../errors';
import { ok } from '../../http/envelope';
import { refusePaging } from '../../http/page-params';
import { sendCursorPage, type PaginationOptions } from '../../http/pagination';
import {
  cursorAnswer,
  dataAnswer,
  emailTemplateJson,
  listAnswer,
  notificationJson,
  notificationWithContentJson,
} from '../../openapi/answers';
import { operation } from '../../openapi/operation';
import { pathId } from '../path-id';
import { listNotificationsQuery, previewEmailTemplateInput, updateEmailTemplateInput } from './notifications.schemas';

const TAG = 'E-mail notifications';
/** A template id is a kind (`order_confirmation`); which kinds exist is the service's rule, so only the shape is checked here. */
const TEMPLATE_KIND = /^[a-z_]{1,64}$/;

/** The kind named by the path; a shape no kind has answers the same 404 an unknown kind does, without a call. */
function templateKind(req: Request): string {
  const kind = req.params.id;
  if (typeof kind !== 'string' || !TEMPLATE_KIND.test(kind)) throw new ApiError(404, 'E-mail template not found');
  return kind;
}

/** `data` of a single-template answer; a missing record is a backend bug, so a 500 (logged). */
function renderTemplate(template: notifications.EmailTemplate | undefined, timeZone: string) {
  if (!template) throw new Error('notifications answered without an e-mail template');
  return { email_template: presentEmailTemplate(template, timeZone) };
}

const previewJson = z.strictObject({
  preview: z.strictObject({
    subject: z.string().meta({ description: 'the rendered subject line' }),
    html: z.string(),
    text: z.string().meta({ description: 'the text part, derived from the HTML' }),
  }),
});

/**
 * The store's e-mail templates and its message log (docs/notifications.md#templates, docs/notifications.md#the-message-log):
 * each route is input → one NotificationsService call → presenter.
 */
export function notificationsRoutes(router: Router, clients: BackendClients, pagination: PaginationOptions): void {
  router.get(
    '/store/email_templates',
    operation(
      {
        summary: "List the store's e-mail templates",
        description:
          'The five templates (order_confirmation, shipping_confirmation, refund_notice, cancellation_notice, ' +
          "new_order_alert), in that order: the store's own where it changed one, else the platform's default. Unpaged.",
        tag: TAG,
        auth: 'store',
        answer: listAnswer('email_templates', emailTemplateJson),
      },
      async (req, res, { storeId, call }) => {
        refusePaging(req);
        const answer = await clients.notifications.listEmailTemplates({ store_id: storeId }, call);
        ok(res, { email_templates: answer.email_templates.map((template) => presentEmailTemplate(template, answer.time_zone)) });
      },
    ),
  );

  router.get(
    '/store/email_templates/:id',
    operation(
      {
        summary: 'Get an e-mail template',
        description: 'One template, by its kind; any other id is a 404.',
        tag: TAG,
        auth: 'store',
        answer: dataAnswer(z.strictObject({ email_template: emailTemplateJson })),
      },
      async (req, res, { storeId, call }) => {
        const request = { store_id: storeId, template_id: templateKind(req) };
        const answer = await clients.notifications.getEmailTemplate(request, call);
        ok(res, renderTemplate(answer.email_template, answer.time_zone));
      },
    ),
  );

  router.put(
    '/store/email_templates/:id',
    operation(
      {
        summary: 'Update an e-mail template',
        description:
          'Changes the fields sent (`subject`, `body`), the other stays; `reset` true puts the default back. Markup that ' +
          'does not parse, or fails when rendered with a sample order, is a 422 on its field, and nothing changes.',
        tag: TAG,
        auth: 'store',
        input: updateEmailTemplateInput,
        answer: dataAnswer(z.strictObject({ email_template: emailTemplateJson })),
      },
      async (req, res, { storeId, call, input }) => {
        const request = notifications.UpdateEmailTemplateRequest.fromPartial({
          store_id: storeId,
          template_id: templateKind(req),
          ...input(),
        });
        const answer = await clients.notifications.updateEmailTemplate(request, call);
        ok(res, renderTemplate(answer.email_template, answer.time_zone));
      },
    ),
  );

  router.post(
    '/store/email_templates/:id/preview',
    operation(
      {
        summary: 'Preview an e-mail template',
        description:
          "The template rendered with a sample order in the store's currency: its saved markup, or the `subject` and `body` " +
          'sent, unsaved. Changes nothing, so `store_read` is enough; markup that does not render is a 422 on its field.',
        tag: TAG,
        auth: 'store',
        scope: 'store_read',
        idempotencyKey: false,
        input: previewEmailTemplateInput,
        answer: dataAnswer(previewJson),
      },
      async (req, res, { storeId, call, input }) => {
        const request = notifications.PreviewEmailTemplateRequest.fromPartial({
          store_id: storeId,
          template_id: templateKind(req),
          ...input(),
        });
        const { subject, html, text } = await clients.notifications.previewEmailTemplate(request, call);
        ok(res, { preview: { subject, html, text } });
      },
    ),
  );

  // Cursor paged, newest first, as a webhook's deliveries are: next_url carries older_than_id = the page's last id.
  router.get(
    '/notifications',
    operation(
      {
        summary: "List the store's e-mail messages",
        description:
          'Newest first, cursor paged: `next_url` carries `older_than_id`, and is null on the last page. `order_id` and ' +
          '`status` narrow the list. Without their content (`GET /v1/notifications/:id` has it).',
        tag: TAG,
        auth: 'store',
        input: listNotificationsQuery,
        answer: cursorAnswer('notifications', notificationJson),
      },
      async (req, res, { storeId, call, input }) => {
        const { limit, ...filters } = input();
        const answer = await clients.notifications.listMessages({ store_id: storeId, ...filters, limit }, call);
        const page = answer.messages;
        const data = { notifications: page.map((message) => presentNotification(message, answer.time_zone)) };
        const cursor = { name: 'older_than_id', value: page.at(-1)?.id ?? filters.older_than_id };
        sendCursorPage(req, res, data, { limit: answer.limit, hasMore: answer.has_more, cursor }, pagination);
      },
    ),
  );

  router.get(
    '/notifications/:id',
    operation(
      {
        summary: 'Get an e-mail message',
        description: 'One message with its content: its HTML and text parts, and its From and Reply-To headers.',
        tag: TAG,
        auth: 'store',
        answer: dataAnswer(z.strictObject({ notification: notificationWithContentJson })),
      },
      async (req, res, { storeId, call }) => {
        const answer = await clients.notifications.getMessage({ store_id: storeId, message_id: pathId(req, 'Notification') }, call);
        if (!answer.message) throw new Error('notifications answered without a message');
        ok(res, { notification: presentNotificationWithContent(answer.message, answer.time_zone) });
      },
    ),
  );
}
