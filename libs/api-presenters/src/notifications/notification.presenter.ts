import type { notifications } from '@commerce/contracts';
import { z } from 'zod';
import { id, optionalTimestamp } from '../answer-schema';
import { formatOptionalTimestamp } from '../timestamp';

/** What presentNotificationAttempt renders (the OpenAPI document's `NotificationAttempt`). */
export const notificationAttemptJson = z
  .strictObject({
    attempted_at: optionalTimestamp(),
    outcome: z.string().meta({ description: '`sent`, `retry` (a temporary failure: tried again later) or `failed` (for good)' }),
    answer: z.string().meta({ description: "the SMTP server's answer (code and text), or why there was none; bounded" }),
    duration_ms: z.number().int(),
  })
  .meta({ id: 'NotificationAttempt' });

export type NotificationAttemptJson = z.infer<typeof notificationAttemptJson>;

const notificationFields = {
  id: id(),
  kind: z.string().meta({ description: 'the template it was made with (an e-mail template id)' }),
  order_id: id(),
  to: z.string().meta({ description: "the one recipient: the order's buyer or the store's support_email" }),
  subject: z.string(),
  status: z.string().meta({
    description: '`pending` (to be sent, or sent again at `next_attempt_at`), `sent`, `failed` (for good) or `kept` (no SMTP server)',
  }),
  attempt_count: z.number().int(),
  attempts: z.array(notificationAttemptJson).meta({ description: 'oldest first' }),
  last_error: z.string().nullable(),
  next_attempt_at: optionalTimestamp().meta({ description: 'when it is tried again; null unless `pending`' }),
  sent_at: optionalTimestamp(),
  created_at: optionalTimestamp(),
  updated_at: optionalTimestamp(),
  message_id: z.string().meta({ description: 'the Message-ID header, angle brackets included: the same on every attempt' }),
};

/** What presentNotification renders (the OpenAPI document's `Notification`). */
export const notificationJson = z.strictObject(notificationFields).meta({ id: 'Notification' });

export type NotificationJson = z.infer<typeof notificationJson>;

/** What presentNotificationWithContent renders (the OpenAPI document's `NotificationWithContent`). */
export const notificationWithContentJson = z
  .strictObject({
    ...notificationFields,
    html: z.string(),
    text: z.string().meta({ description: 'the text part, derived from the HTML' }),
    from: z.string().meta({ description: "the From header: the store's name and the platform's sending address" }),
    reply_to: z.string().meta({ description: "the Reply-To header: the store's support_email (the buyer's, on a new order alert)" }),
  })
  .meta({ id: 'NotificationWithContent' });

export type NotificationWithContentJson = z.infer<typeof notificationWithContentJson>;

/** One attempt to hand a message to the SMTP server. */
export function presentNotificationAttempt(attempt: notifications.Attempt, timeZone: string): NotificationAttemptJson {
  return {
    attempted_at: formatOptionalTimestamp(attempt.attempted_at, timeZone),
    outcome: attempt.outcome,
    answer: attempt.answer,
    duration_ms: attempt.duration_ms,
  };
}

/**
 * One message of the store's log (docs/notifications.md#the-message-log), without its content: times in the store's
 * zone, null where absent.
 */
export function presentNotification(message: notifications.Message, timeZone: string): NotificationJson {
  return {
    id: message.id,
    kind: message.kind,
    order_id: message.order_id,
    to: message.to,
    subject: message.subject,
    status: message.status,
    attempt_count: message.attempt_count,
    attempts: message.attempts.map((attempt) => presentNotificationAttempt(attempt, timeZone)),
    last_error: message.last_error ?? null,
    next_attempt_at: formatOptionalTimestamp(message.next_attempt_at, timeZone),
    sent_at: formatOptionalTimestamp(message.sent_at, timeZone),
    created_at: formatOptionalTimestamp(message.created_at, timeZone),
    updated_at: formatOptionalTimestamp(message.updated_at, timeZone),
    message_id: message.message_id,
  };
}

/** One message with what GetMessage adds: its HTML and text, and its From and Reply-To headers. */
export function presentNotificationWithContent(message: notifications.Message, timeZone: string): NotificationWithContentJson {
  return {
    ...presentNotification(message, timeZone),
    html: message.html,
    text: message.text,
    from: message.from,
    reply_to: message.reply_to,
  };
}
