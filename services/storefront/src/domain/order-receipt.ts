/**
 * What became of an order's confirmation e-mail, as notifications answers GetReceipt
 * (docs/buyer-site.md#confirmation-page-and-receipt-e-mail): `sending` (made, or about to be, and mail goes out),
 * `sent`, `failed` (for good), `kept` (this platform has no mail server: nothing is sent). `unknown` is the page's
 * own: notifications did not answer in time, so the page promises nothing and claims nothing about e-mail.
 */
export const RECEIPT_STATES = ['sending', 'sent', 'failed', 'kept', 'unknown'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** GetReceipt's answer: its state and the address it goes (or went) to. */
export interface OrderReceipt {
  state: string;
  to: string;
}

/**
 * The confirmation page's `receipt`: `state` one of RECEIPT_STATES (a state this storefront does not know reads as
 * `unknown`, so a newer notifications never makes the page promise what it cannot tell), `to` the recipient, else the
 * order's e-mail.
 */
export function receiptVariables(receipt: OrderReceipt | null, orderEmail: string): { state: ReceiptState; to: string } {
  const state = (RECEIPT_STATES as readonly string[]).includes(receipt?.state ?? '') ? (receipt!.state as ReceiptState) : 'unknown';
  return { state, to: receipt?.to || orderEmail };
}
