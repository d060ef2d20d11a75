import type { Logger } from '@commerce/observability';
import type { TraceCarrier } from '@commerce/tracing';
import type { EmailKind } from '../domain/email-kinds';
import type { SendResult } from '../domain/message';
import type { MessageRepository } from '../infra/message.repository';
import type { TemplateRepository } from '../infra/template.repository';

/** A template's markup: Liquid for the subject (one line of text) and for the HTML body. */
export interface TemplateMarkup {
  subject: string;
  body: string;
}

/** A rendered message: the subject (one line, no control characters), the HTML body and its text part, derived from it. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

/**
 * What a template may print (docs/notifications.md#variables): the order as `GET /v1/orders/:id` renders it, the store,
 * and, for a shipment or a refund, that fulfillment or refund as the API renders it.
 */
export interface EmailVariables {
  store: { id: number; name: string; email: string; url: string; currency: string };
  order: Record<string, unknown>;
  fulfillment?: Record<string, unknown>;
  refund?: Record<string, unknown>;
}

/**
 * Renders templates in the buyer site's Liquid sandbox (the same limits; every output HTML-escaped in the body, none
 * in the subject, which is then made one line of plain text).
 */
export interface EmailRenderer {
  /** Throws a validation error (422 on `subject` or `body`) when the markup does not parse or goes past a limit. */
  render(markup: TemplateMarkup, variables: EmailVariables): EmailContent;
  /** The markup's problems, by API field (`subject`, `body`), without rendering: what an update refuses. */
  check(markup: Partial<TemplateMarkup>): Array<{ field: 'subject' | 'body'; description: string }>;
}

/** The platform's default markup of each kind. */
export type DefaultTemplates = Readonly<Record<EmailKind, TemplateMarkup>>;

export type Clock = () => Date;
export type { Logger };

/** The store as its e-mail needs it: its name (the From display name), support_email (Reply-To, the alert's recipient). */
export interface StoreProfile {
  id: number;
  name: string;
  /** support_email; empty when the store has none (no alert is sent, no Reply-To set). */
  email: string;
  url: string;
  currency: string;
  time_zone: string;
}

export interface StorefrontPort {
  /** null when the storefront has no such store. */
  storeProfile(storeId: number): Promise<StoreProfile | null>;
}

export interface OrdersPort {
  /** The order as `GET /v1/orders/:id` renders it; null when there is none. */
  orderJson(storeId: number, orderId: number): Promise<Record<string, unknown> | null>;
}

/** One message as it goes to the SMTP server. */
export interface OutgoingMail {
  messageId: string;
  from: { name: string; address: string };
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** When the event happened: the Date header, the same on every attempt. */
  date: Date;
  /** The event's trace: the send is a span of it. */
  trace?: TraceCarrier;
}

export interface Mailer {
  /** False when no SMTP server is configured: messages are kept, never sent. */
  readonly sends: boolean;
  /** One attempt; resolves with the server's answer or the reason there was none, never rejects. */
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
}

/** Counts each attempt by outcome, its duration, and, once sent, the time since its event occurred. */
export type SendObserver = (observation: { outcome: string; seconds: number; sinceEventSeconds?: number }) => void;

/** The service's one deps bag (docs/service-template.md). */
export interface NotificationsDeps {
  messages: MessageRepository;
  templates: TemplateRepository;
  storefront: StorefrontPort;
  orders: OrdersPort;
  renderer: EmailRenderer;
  defaults: DefaultTemplates;
  mailer: Mailer;
  /** The platform's sending address (MAIL_FROM). */
  mailFrom: string;
  nextId: (counter: 'messages') => Promise<number>;
  clock: Clock;
  random: () => number;
  logger: Logger;
  observeSend?: SendObserver;
  /** How long a claimed message is its worker's: above the SMTP timeout, so a live attempt is never taken over. */
  leaseMs: number;
}
