import { z } from 'zod';
import { blankAsMissing, looseBool, looseInt, looseString } from '../../http/coerce';
import { isRecord } from '../../http/params';
import { pageSizeOf, pageSizeParams } from '../../http/page-params';

/**
 * Inputs of docs/notifications.md#templates and docs/notifications.md#the-message-log. Shapes and sizes only: whether
 * the Liquid parses and renders with the sample order is the notifications service's rule, answered field by field.
 * Markup is kept exactly as sent, whitespace included; JSON null counts as absent.
 */

/** The longest subject and body the service keeps (docs/notifications.md#the-sandbox); longer is a 422 before any call. */
export const SUBJECT_MAX_CHARS = 1_000;
export const BODY_MAX_CHARS = 100_000;

const markup = (max: number, description: string) =>
  looseString({ max })
    .nullable()
    .optional()
    .transform((value) => value ?? undefined)
    .describe(description);

const markupFields = {
  subject: markup(SUBJECT_MAX_CHARS, 'Liquid for the subject line, at most 1,000 characters'),
  body: markup(BODY_MAX_CHARS, 'Liquid for the HTML body, at most 100,000 characters'),
};

/** The fields may come flat or wrapped as the API renders the template (`{email_template: {...}}`), so an answer can be sent back. */
const unwrapEmailTemplate = (value: unknown): unknown => (isRecord(value) && isRecord(value.email_template) ? value.email_template : value);

/** PUT /v1/store/email_templates/:id: `subject` and/or `body` change, the other stays; `reset` true puts the default back. */
export const updateEmailTemplateInput = z.preprocess(
  unwrapEmailTemplate,
  z
    .object({
      ...markupFields,
      reset: blankAsMissing(looseBool())
        .transform((reset) => reset ?? false)
        .describe("true puts the platform's default back (the subject and body sent are then ignored)"),
    })
    .strip(),
);

/** POST /v1/store/email_templates/:id/preview: unsaved `subject` and/or `body` to render instead of the saved ones. */
export const previewEmailTemplateInput = z.preprocess(unwrapEmailTemplate, z.object(markupFields).strip());

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;

const idFilter = (description: string) =>
  blankAsMissing(looseInt({ min: 0 }))
    .transform((id) => id ?? 0)
    .describe(description);

/** GET /v1/notifications: newest first, `older_than_id` the last id of the page read; `order_id` and `status` filter. */
export const listNotificationsQuery = z
  .object({
    ...pageSizeParams(),
    older_than_id: idFilter("Only messages with an id below this one: the last id of the page read (the next page's link carries it)"),
    order_id: idFilter("Only the messages about this order (another store's order has none)"),
    status: blankAsMissing(z.enum(NOTIFICATION_STATUSES, { error: `must be one of ${NOTIFICATION_STATUSES.join(', ')}` }))
      .transform((status) => status ?? '')
      .describe('Only the messages of this status: pending, sent, failed or kept'),
  })
  .strip()
  // `limit` (or `per_page`) must be an integer, passed through: notifications defaults and clamps it (its domain/paging.ts).
  .transform(({ limit, per_page, ...rest }) => ({ ...rest, limit: pageSizeOf({ limit, per_page }) }));
