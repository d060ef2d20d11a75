import type { notifications } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import {
  getEmailTemplate,
  listEmailTemplates,
  previewEmailTemplate,
  updateEmailTemplate,
  type EmailTemplateView,
} from '../app/email-templates';
import type { NotificationsDeps } from '../app/notifications-deps';
import { getMessage, getReceipt, listMessages, storeTimeZone } from '../app/read-messages';
import { MESSAGE_STATUSES, type MessageStatus } from '../domain/message';
import type { MessageDocument, MessageSummary } from '../infra/message.repository';

/** Thin: request → use case → response. */
export function notificationsHandlers(deps: NotificationsDeps): ServiceHandlers<typeof notifications.NotificationsServiceService> {
  return {
    listEmailTemplates: async (request) => {
      const storeId = requireStoreId(request.store_id);
      const [templates, time_zone] = await Promise.all([listEmailTemplates(deps, storeId), storeTimeZone(deps, storeId)]);
      return { email_templates: templates.map(templateMessage), time_zone };
    },
    getEmailTemplate: async (request) => {
      const storeId = requireStoreId(request.store_id);
      const [template, time_zone] = await Promise.all([getEmailTemplate(deps, storeId, request.template_id), storeTimeZone(deps, storeId)]);
      return { email_template: templateMessage(template), time_zone };
    },
    updateEmailTemplate: async (request) => {
      const storeId = requireStoreId(request.store_id);
      const change = { subject: request.subject, body: request.body, reset: request.reset };
      const template = await updateEmailTemplate(deps, storeId, request.template_id, change);
      return { email_template: templateMessage(template), time_zone: await storeTimeZone(deps, storeId) };
    },
    previewEmailTemplate: async (request) =>
      previewEmailTemplate(deps, requireStoreId(request.store_id), request.template_id, { subject: request.subject, body: request.body }),
    listMessages: async (request) => {
      const status = (MESSAGE_STATUSES as readonly string[]).includes(request.status) ? (request.status as MessageStatus) : undefined;
      const { messages, hasMore, limit, timeZone } = await listMessages(
        deps,
        { storeId: requireStoreId(request.store_id), olderThanId: request.older_than_id, orderId: request.order_id, status },
        request.limit,
      );
      return { messages: messages.map((message) => messageOf(message)), has_more: hasMore, limit, time_zone: timeZone };
    },
    getMessage: async (request) => {
      const { message, timeZone } = await getMessage(deps, request.store_id, request.message_id);
      return { message: messageOf(message, message, deps.mailFrom), time_zone: timeZone };
    },
    getReceipt: async (request) => getReceipt(deps, requireStoreId(request.store_id), request.order_id),
  };
}

function templateMessage(view: EmailTemplateView): notifications.EmailTemplate {
  return { ...view, updated_at: view.updated_at ?? undefined };
}

/** The message as the contract answers it; with its content and headers when `content` is given (GetMessage). */
function messageOf(message: MessageSummary, content?: MessageDocument, mailFrom?: string): notifications.Message {
  return {
    id: message.id,
    store_id: message.store_id,
    kind: message.kind,
    event_id: message.event_id,
    order_id: message.order_id,
    message_id: message.message_id,
    to: message.to,
    subject: message.subject,
    status: message.status,
    attempt_count: message.attempt_count,
    attempts: message.attempts.map((attempt) => ({ ...attempt, attempted_at: attempt.attempted_at })),
    last_error: message.last_error ?? undefined,
    next_attempt_at: message.status === 'pending' ? message.next_attempt_at : undefined,
    sent_at: message.sent_at ?? undefined,
    created_at: message.created_at,
    updated_at: message.updated_at,
    html: content?.html ?? '',
    text: content?.text ?? '',
    from: content && mailFrom ? `"${message.from_name.replace(/["\\]/g, '\\$&')}" <${mailFrom}>` : '',
    reply_to: message.reply_to,
  };
}
