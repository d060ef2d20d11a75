import type { JsonSchema } from './json-schema';

/** The ids in a path (`/v1/orders/{order_id}/fulfillments/{id}` → order_id, id), in order. */
export function pathIdsOf(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1]!);
}

/** What the segment before a path id holds: `/products/{id}` is a product's id. */
const RECORD_OF_SEGMENT: Readonly<Record<string, string>> = {
  templates: 'page template',
  products: 'product',
  variants: 'variant',
  photos: 'photo',
  collections: 'collection',
  shipping_groups: 'shipping group',
  shipping_classes: 'shipping class',
  orders: 'order',
  fulfillments: 'fulfillment',
  discounts: 'discount code',
  tax_rates: 'tax rate',
  webhooks: 'webhook',
  webhoooks: 'webhook',
  deliveries: 'webhook delivery',
  notifications: 'notification',
};

const SUBDOMAIN = {
  name: 'subdomain',
  in: 'path',
  required: true,
  description: "The store's subdomain: its site is also at `https://<subdomain>.<STOREFRONT_DOMAIN>`",
  schema: { type: 'string' },
};

/** An e-mail template is named by its kind, not a number (docs/notifications.md#templates). */
const EMAIL_TEMPLATE_KIND = {
  name: 'id',
  in: 'path',
  required: true,
  description:
    "The e-mail template's kind: order_confirmation, shipping_confirmation, refund_notice, cancellation_notice or " +
    'new_order_alert (any other is a 404)',
  schema: { type: 'string', pattern: '^[a-z_]{1,64}$' },
};

/** An app is named by its OAuth client id, not a number (docs/oauth.md#the-account-api). */
const CLIENT_ID = {
  name: 'client_id',
  in: 'path',
  required: true,
  description: "The app's client id (`sca_...`): one of the user's apps, or one they authorized (any other is a 404)",
  schema: { type: 'string', maxLength: 100 },
};

/** The path's ids as parameters; each described by the record it names (a new kind of record needs a line above). */
export function pathParameters(path: string): unknown[] {
  const segments = path.split('/');
  return pathIdsOf(path).map((name) => {
    if (name === 'subdomain') return SUBDOMAIN;
    if (name === 'client_id') return CLIENT_ID;
    const segment = segments[segments.indexOf(`{${name}}`) - 1]!;
    if (segment === 'email_templates') return EMAIL_TEMPLATE_KIND;
    const record = RECORD_OF_SEGMENT[segment];
    if (!record) throw new Error(`No description for {${name}} after /${segment}/ in ${path}: add the segment to RECORD_OF_SEGMENT`);
    return {
      name,
      in: 'path',
      required: true,
      description: `The ${record}'s id (another store's is a 404, as an unknown id)`,
      schema: { type: 'integer', minimum: 1 },
    };
  });
}

/**
 * Each property of a GET or DELETE's input schema as a query parameter, its description (the zod schema's
 * `.describe()`) on the parameter, where tools show it; objects in qs's bracket form.
 */
export function queryParameters(input: JsonSchema): unknown[] {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(description ? { description } : {}),
    schema,
    ...(schema.type === 'object' ? { style: 'deepObject', explode: true } : {}),
  }));
}

export const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A retry with the same key within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) instead of a second record',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};
