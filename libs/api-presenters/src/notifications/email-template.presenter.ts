import type { notifications } from '@commerce/contracts';
import { z } from 'zod';
import { optionalTimestamp } from '../answer-schema';
import { formatOptionalTimestamp } from '../timestamp';

/** What presentEmailTemplate renders (the OpenAPI document's `EmailTemplate`). */
export const emailTemplateJson = z
  .strictObject({
    id: z.string().meta({
      description: 'the kind: order_confirmation, shipping_confirmation, refund_notice, cancellation_notice or new_order_alert',
    }),
    name: z.string(),
    recipient: z.string().meta({ description: "`buyer` (the order's e-mail) or `store` (the store's support_email)" }),
    subject: z.string().meta({ description: 'Liquid, rendered as one line of plain text' }),
    body: z.string().meta({ description: 'Liquid for the HTML part; the text part is derived from it' }),
    customized: z.boolean().meta({ description: "false while the store uses the platform's default" }),
    updated_at: optionalTimestamp().meta({ description: 'when the store last changed it; null while the default applies' }),
  })
  .meta({ id: 'EmailTemplate' });

export type EmailTemplateJson = z.infer<typeof emailTemplateJson>;

/**
 * One of the store's e-mail templates (docs/notifications.md#templates): `{id, name, recipient, subject, body, customized,
 * updated_at}`, `updated_at` in the store's zone, null while the platform's default applies.
 */
export function presentEmailTemplate(template: notifications.EmailTemplate, timeZone: string): EmailTemplateJson {
  return {
    id: template.id,
    name: template.name,
    recipient: template.recipient,
    subject: template.subject,
    body: template.body,
    customized: template.customized,
    updated_at: formatOptionalTimestamp(template.updated_at, timeZone),
  };
}
