import type { Logger } from '@commerce/observability';
import type { EmailKind } from '../domain/email-kinds';

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
