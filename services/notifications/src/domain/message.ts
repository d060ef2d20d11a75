// A message (docs/notifications.md#the-message-log): one e-mail made from one event for one recipient, kept with its content
// and its attempts; and the rules that decide what an SMTP server's answer makes of it.
import { nextAttemptAt } from '@commerce/delivery';
import type { EmailKind } from './email-kinds';

/** pending: to be sent (or sent again) at next_attempt_at; sent and failed are final; kept: no SMTP server is set, it stays here. */
export const MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What an attempt came to: the label of the metrics and of the attempt log. */
export type SendOutcome = 'sent' | 'retry' | 'failed';

/** One attempt, as the log keeps it. */
export interface SendAttempt {
  attempted_at: Date;
  outcome: SendOutcome;
  /** The server's answer (code and text), or why there was none; at most ANSWER_CHARS. */
  answer: string;
  duration_ms: number;
}

/** The most of a server's answer a message keeps. */
export const ANSWER_CHARS = 300;

/** What the SMTP server said to one attempt: accepted, or the reply code and text, or the error without one. */
export interface SendResult {
  accepted: boolean;
  /** The SMTP reply code (250, 421, 550...), when the server answered. */
  code?: number;
  /** The server's last reply, or the connection's error message. */
  response: string;
}

/**
 * Permanent failures are the 5xx answers (a mailbox that does not exist, a message refused): sending again would get
 * the same. Everything else is temporary: 4xx answers (greylisting, a full queue), a refused or dropped connection, a
 * timeout; those go again on the retry schedule (@commerce/delivery) for up to 3 days.
 */
export function isPermanent(result: SendResult): boolean {
  return !result.accepted && result.code !== undefined && result.code >= 500 && result.code < 600;
}

export interface SendVerdict {
  outcome: SendOutcome;
  status: MessageStatus;
  last_error: string | null;
  next_attempt_at: Date | null;
}

/** The verdict on an attempt made at `now`, the `attempts`-th of a message first tried at `firstAttemptAt`. */
export function judgeSend(result: SendResult, firstAttemptAt: Date, attempts: number, now: Date, random: () => number): SendVerdict {
  if (result.accepted) return { outcome: 'sent', status: 'sent', last_error: null, next_attempt_at: null };
  const answer = boundedAnswer(result);
  if (isPermanent(result)) return { outcome: 'failed', status: 'failed', last_error: answer, next_attempt_at: null };
  const next = nextAttemptAt(firstAttemptAt, attempts, now, random);
  if (!next)
    return {
      outcome: 'failed',
      status: 'failed',
      last_error: `${answer}; no attempt left (3 days since the first)`,
      next_attempt_at: null,
    };
  return { outcome: 'retry', status: 'pending', last_error: answer, next_attempt_at: next };
}

/** The answer as the log keeps it: the code first, the text on one line, at most ANSWER_CHARS. */
export function boundedAnswer(result: SendResult): string {
  const text = oneLine(result.response);
  const answer = result.code !== undefined && !text.startsWith(String(result.code)) ? `${result.code} ${text}` : text;
  return answer.length > ANSWER_CHARS ? `${answer.slice(0, ANSWER_CHARS - 1)}…` : answer;
}

/** Control characters (CR and LF included) as spaces, runs of spaces as one: nothing can start a header line. */
export const oneLine = (text: string): string =>
  text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The Message-ID of the message made of `eventId` for `kind`: the same for every attempt, so a receiver (and a test)
 * recognises a resend as the same message; the event id is a UUID, unique across the platform.
 */
export const messageIdOf = (eventId: string, kind: EmailKind, mailFrom: string): string => `<${eventId}.${kind}@${domainOf(mailFrom)}>`;

/** The domain part of an address. */
export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1);

/** The store's name as the From display name: one line, at most 78 characters (nodemailer quotes and encodes it). */
export const senderName = (storeName: string): string => oneLine(storeName).slice(0, 78) || 'Shop';

/** A buyer's or store's address is a recipient only when it is one address: no list, no display name, no line break. */
export const isSingleAddress = (address: string): boolean => /^[^\s@<>"(),;:]{1,64}@[^\s@<>"(),;:]{1,253}$/.test(address);
