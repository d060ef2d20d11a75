import { Webhook } from 'standardwebhooks';
import type { components } from './generated/openapi';

type Schemas = components['schemas'];

/** `app/uninstalled`'s data: the store owner removed an app. */
export interface AppUninstalled {
  client_id: string;
  app_name: string;
  user_id: number;
  store_id: number;
  uninstalled_at: string;
}

/** `webhook/test`'s data: the ping `POST /v1/webhooks/{id}/test` sends (docs/webhooks.md#test-ping). */
export interface WebhookTestPing {
  webhook_id: number;
  message: string;
}

/**
 * Each topic a webhook receives, with its `data`: the record as a GET of it renders it (docs/webhooks.md#the-request).
 * Kept by hand beside the OpenAPI document's records (the document has no webhook section);
 * libs/sdk/test/webhook-topics.unit.test.ts fails when the platform's public topics and this list part.
 */
export interface WebhookResources {
  'order/created': Schemas['Order'];
  'order/paid': Schemas['Order'];
  'order/updated': Schemas['Order'];
  'order/shipped': Schemas['Order'];
  'order/on_hold': Schemas['Order'];
  'order/opened': Schemas['Order'];
  'order/canceled': Schemas['Order'];
  'fulfillment/updated': Schemas['Fulfillment'];
  'refund/created': Schemas['Refund'];
  'tax_rate/created': Schemas['TaxRate'];
  'tax_rate/updated': Schemas['TaxRate'];
  'tax_rate/deleted': Schemas['TaxRate'];
  'product/created': Schemas['Product'];
  'product/updated': Schemas['Product'];
  'product/deleted': Schemas['Product'];
  'variant/created': Schemas['Variant'];
  'variant/updated': Schemas['Variant'];
  'variant/deleted': Schemas['Variant'];
  'collection/created': Schemas['Collection'];
  'collection/updated': Schemas['Collection'];
  'collection/deleted': Schemas['Collection'];
  'shipping_group/created': Schemas['ShippingGroup'];
  'shipping_group/updated': Schemas['ShippingGroup'];
  'shipping_group/deleted': Schemas['ShippingGroup'];
  'shipping_class/created': Schemas['ShippingClass'];
  'shipping_class/updated': Schemas['ShippingClass'];
  'shipping_class/deleted': Schemas['ShippingClass'];
  'store/updated': Schemas['Store'];
  'template/created': Schemas['Template'];
  'template/updated': Schemas['Template'];
  'template/deleted': Schemas['Template'];
  'app/uninstalled': AppUninstalled;
  'discount/created': Schemas['Discount'];
  'discount/updated': Schemas['Discount'];
  'discount/deleted': Schemas['Discount'];
  'webhook/test': WebhookTestPing;
}

export type WebhookTopic = keyof WebhookResources;

/** Every topic of `WebhookResources`, as a value (the topics a webhook may subscribe to, and the test ping). */
export const WEBHOOK_TOPICS = Object.keys({
  'order/created': 1,
  'order/paid': 1,
  'order/updated': 1,
  'order/shipped': 1,
  'order/on_hold': 1,
  'order/opened': 1,
  'order/canceled': 1,
  'fulfillment/updated': 1,
  'refund/created': 1,
  'tax_rate/created': 1,
  'tax_rate/updated': 1,
  'tax_rate/deleted': 1,
  'product/created': 1,
  'product/updated': 1,
  'product/deleted': 1,
  'variant/created': 1,
  'variant/updated': 1,
  'variant/deleted': 1,
  'collection/created': 1,
  'collection/updated': 1,
  'collection/deleted': 1,
  'shipping_group/created': 1,
  'shipping_group/updated': 1,
  'shipping_group/deleted': 1,
  'shipping_class/created': 1,
  'shipping_class/updated': 1,
  'shipping_class/deleted': 1,
  'store/updated': 1,
  'template/created': 1,
  'template/updated': 1,
  'template/deleted': 1,
  'app/uninstalled': 1,
  'discount/created': 1,
  'discount/updated': 1,
  'discount/deleted': 1,
  'webhook/test': 1,
} satisfies Record<WebhookTopic, 1>) as WebhookTopic[];

/** A delivery's body (Standard Webhooks): `type` is the topic, and narrows `data` to its record. */
export type WebhookEvent<T extends WebhookTopic = WebhookTopic> = {
  [Topic in T]: { type: Topic; timestamp: string; data: WebhookResources[Topic] };
}[T];

/** A delivery that did not verify: no or a wrong signature, a timestamp more than 5 minutes away, a body that is not an event. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** The request's headers as node's `IncomingMessage.headers` or Express give them, or a fetch `Headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * Checks a delivery with the webhook's secret (`whsec_...`, answered once by `POST /v1/webhooks`) on the raw body,
 * before anything parses it (docs/webhooks.md#the-request), and answers the event typed by its topic. Throws
 * `WebhookVerificationError` when it does not verify: answer that request 400 and handle nothing.
 * The `webhook-id` header is the event's id, the same on every retry: dedupe on it.
 */
export function verifyWebhook(secret: string, headers: WebhookHeaders, body: string | Uint8Array): WebhookEvent {
  const signed: Record<string, string> = {};
  for (const name of SIGNED_HEADERS) {
    const value = isHeaders(headers) ? headers.get(name) : headerOf(headers, name);
    if (value) signed[name] = value;
  }
  const payload = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let event: unknown;
  try {
    event = new Webhook(secret).verify(payload, signed);
  } catch (error) {
    throw new WebhookVerificationError((error as Error).message);
  }
  if (!isEvent(event)) throw new WebhookVerificationError('The body is not an event: {type, timestamp, data} expected');
  return event as WebhookEvent;
}

/** fetch's Headers, whichever realm or package (undici's own) made it. */
function isHeaders(headers: WebhookHeaders): headers is Headers {
  return typeof (headers as Headers).get === 'function' && typeof (headers as Headers).has === 'function';
}

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

function isEvent(value: unknown): value is { type: string; timestamp: string; data: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const { type, timestamp, data } = value as Record<string, unknown>;
  return typeof type === 'string' && typeof timestamp === 'string' && typeof data === 'object' && data !== null;
}
