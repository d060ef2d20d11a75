import type { notifications } from '@commerce/contracts';
import { formatOptionalTimestamp, formatTimestamp } from '@commerce/api-presenters';

/** One line of `mail list`: what tells the messages apart, newest first as ListMessages answers them. */
export function presentMessageLine(message: notifications.Message, timeZone: string) {
  return {
    id: message.id,
    kind: message.kind,
    to: message.to,
    subject: message.subject,
    status: message.status,
    attempt_count: message.attempt_count,
    created_at: formatOptionalTimestamp(message.created_at, timeZone),
  };
}

/**
 * `mail show`: the message as its recipient gets it (headers, text part, HTML) and what became of it (status, every
 * attempt with the server's answer). Timestamps in the store's time zone, as the API writes them.
 */
export function presentMessage(message: notifications.Message, timeZone: string) {
  return {
    id: message.id,
    store_id: message.store_id,
    order_id: message.order_id,
    kind: message.kind,
    event_id: message.event_id,
    headers: {
      from: message.from,
      reply_to: message.reply_to,
      to: message.to,
      subject: message.subject,
      message_id: message.message_id,
    },
    status: message.status,
    attempt_count: message.attempt_count,
    last_error: message.last_error ?? null,
    next_attempt_at: formatOptionalTimestamp(message.next_attempt_at, timeZone),
    sent_at: formatOptionalTimestamp(message.sent_at, timeZone),
    created_at: formatOptionalTimestamp(message.created_at, timeZone),
    updated_at: formatOptionalTimestamp(message.updated_at, timeZone),
    attempts: message.attempts.map((attempt) => ({
      attempted_at: attempt.attempted_at ? formatTimestamp(attempt.attempted_at, timeZone) : null,
      outcome: attempt.outcome,
      answer: attempt.answer,
      duration_ms: attempt.duration_ms,
    })),
    text: message.text,
    html: message.html,
  };
}
