import { inSpanOf } from '@commerce/tracing';
import { boundedAnswer, judgeSend, type SendAttempt } from '../domain/message';
import type { MessageDocument } from '../infra/message.repository';
import type { NotificationsDeps, OutgoingMail } from './notifications-deps';

export type SendDeps = Pick<NotificationsDeps, 'messages' | 'mailer' | 'mailFrom' | 'clock' | 'random' | 'logger' | 'observeSend'>;

/**
 * One attempt at a claimed message (docs/notifications.md#delivery): hands it to the SMTP server, then stores the
 * answer and what it makes of the message (sent; pending again on the retry schedule; failed for good) while the
 * lease is still ours. A death between the server's acceptance and this record sends the message again after the
 * lease: the same Message-ID, which is how a receiver tells the copy.
 */
export async function sendMessage(deps: SendDeps, message: MessageDocument, owner: string): Promise<void> {
  const started = deps.clock();
  const result = await inSpanOf(
    `send ${message.kind}`,
    {
      kind: 'internal',
      parent: message.trace,
      attributes: message.trace && { 'messaging.message.id': message.event_id, 'mail.kind': message.kind },
    },
    () => deps.mailer.send(outgoingOf(deps.mailFrom, message)),
  );
  const now = deps.clock();
  const firstAttemptAt = message.first_attempt_at ?? started;
  const verdict = judgeSend(result, firstAttemptAt, message.attempt_count + 1, now, deps.random);
  const attempt: SendAttempt = {
    attempted_at: started,
    outcome: verdict.outcome,
    answer: boundedAnswer(result),
    duration_ms: now.getTime() - started.getTime(),
  };
  const recorded = await deps.messages.settle(
    message.id,
    owner,
    {
      status: verdict.status,
      last_error: verdict.last_error,
      next_attempt_at: verdict.next_attempt_at ?? message.next_attempt_at,
      first_attempt_at: firstAttemptAt,
      sent_at: verdict.outcome === 'sent' ? now : null,
      updated_at: now,
    },
    attempt,
  );
  if (!recorded) deps.logger.warn({ message_id: message.id }, 'a message changed hands during its attempt; the new holder records it');
  deps.observeSend?.({
    outcome: verdict.outcome,
    seconds: attempt.duration_ms / 1_000,
    sinceEventSeconds: verdict.outcome === 'sent' ? (now.getTime() - message.occurred_at.getTime()) / 1_000 : undefined,
  });
}

/** The message as it leaves: From the store's name at the platform's address, Reply-To the store (or the buyer, for an alert). */
export function outgoingOf(mailFrom: string, message: MessageDocument): OutgoingMail {
  return {
    messageId: message.message_id,
    from: { name: message.from_name, address: mailFrom },
    to: message.to,
    replyTo: message.reply_to || undefined,
    subject: message.subject,
    html: message.html,
    text: message.text,
    date: message.occurred_at,
    trace: message.trace,
  };
}
