// The e-mail the platform sends for a store (docs/notifications.md#what-is-sent): one template per kind, the store's own
// where it changed it, else the platform's default.

export const EMAIL_KINDS = [
  'order_confirmation',
  'shipping_confirmation',
  'refund_notice',
  'cancellation_notice',
  'new_order_alert',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Who receives a kind: the order's buyer, or the store at its support_email. Nobody else is ever a recipient. */
export type Recipient = 'buyer' | 'store';

export interface EmailKindInfo {
  name: string;
  recipient: Recipient;
  /** What makes it: the event topics, for the docs and the template list. */
  sentWhen: string;
}

export const EMAIL_KIND_INFO: Readonly<Record<EmailKind, EmailKindInfo>> = {
  order_confirmation: { name: 'Order confirmation', recipient: 'buyer', sentWhen: 'the order is paid (order/paid)' },
  shipping_confirmation: {
    name: 'Shipping confirmation',
    recipient: 'buyer',
    sentWhen: 'a shipment is made or updated with notify_customer (order/shipped, fulfillment/updated)',
  },
  refund_notice: { name: 'Refund notice', recipient: 'buyer', sentWhen: 'a refund succeeds (refund/created)' },
  cancellation_notice: { name: 'Cancellation notice', recipient: 'buyer', sentWhen: 'the order is canceled (order/canceled)' },
  new_order_alert: { name: 'New order alert', recipient: 'store', sentWhen: 'an order is paid (order/paid), to the store' },
};

export const isEmailKind = (id: string): id is EmailKind => (EMAIL_KINDS as readonly string[]).includes(id);
