import { z } from 'zod';
import type { orders } from '@commerce/contracts';
import { cents, id, timestamp } from '../answer-schema';
import { formatTimestamp } from '../timestamp';
import { centsToDecimalString, currencyOf } from './order.presenter';

/** A refund as docs/money.md#refunds renders it (GET /v1/orders/:id/refunds, the order's `refunds`, refund/created). */
export const refundJson = z
  .strictObject({
    id: id(),
    order_id: id(),
    amount: z.string().meta({ description: 'the amount as a decimal string in the order\'s currency ("12.50")' }),
    amount_in_cents: cents(),
    items: z.array(z.strictObject({ item_id: id(), quantity: z.number().int() })),
    shipping: z.boolean().meta({ description: "whether the order's shipping is part of it" }),
    restock: z.boolean(),
    note: z.string(),
    status: z.enum(['pending', 'succeeded']).meta({ description: '`pending` while the processor is asked' }),
    created_at: timestamp(),
  })
  .meta({ id: 'Refund' });

export type RefundJson = z.infer<typeof refundJson>;

export function presentRefund(refund: orders.Refund, timeZone: string): RefundJson {
  return {
    id: refund.id,
    order_id: refund.order_id,
    amount: centsToDecimalString(refund.amount, currencyOf(refund)),
    amount_in_cents: refund.amount,
    items: refund.items.map(({ item_id, quantity }) => ({ item_id, quantity })),
    shipping: refund.shipping,
    restock: refund.restock,
    note: refund.note,
    status: refund.status === 'pending' ? 'pending' : 'succeeded',
    created_at: formatTimestamp(refund.created_at!, timeZone),
  };
}

/**
 * What `POST /v1/orders/:id/refunds` would make of the same input now (docs/money.md#refunds): the refund's amount, each
 * item line's part, shipping's part and what would be left to refund after it. Nothing is written.
 */
export const refundCalculationJson = z
  .strictObject({
    order_id: id(),
    currency: z.string().meta({ description: "ISO 4217: the order's currency, which every amount counts" }),
    amount: z.string().meta({ description: 'what the refund would give back, as a decimal string ("12.50")' }),
    amount_in_cents: cents(),
    items: z.array(
      z.strictObject({
        item_id: id(),
        quantity: z.number().int(),
        amount: z.string().meta({ description: 'what these units give back: what the buyer paid for them, tax included' }),
        amount_in_cents: cents(),
      }),
    ),
    shipping: z.boolean(),
    shipping_amount: z.string().meta({ description: 'what the shipping gives back ("0.00" without shipping)' }),
    shipping_amount_in_cents: cents(),
    restock: z.boolean(),
    note: z.string(),
    left_to_refund: z.string().meta({ description: 'what would be left to refund of the order after this refund' }),
    left_to_refund_in_cents: cents(),
  })
  .meta({ id: 'RefundCalculation' });

export type RefundCalculationJson = z.infer<typeof refundCalculationJson>;

export function presentRefundCalculation(calculation: orders.CalculateRefundResponse): RefundCalculationJson {
  const currency = currencyOf(calculation);
  const decimal = (cents: number) => centsToDecimalString(cents, currency);
  return {
    order_id: calculation.order_id,
    currency,
    amount: decimal(calculation.amount),
    amount_in_cents: calculation.amount,
    items: calculation.items.map(({ item_id, quantity, amount }) => ({
      item_id,
      quantity,
      amount: decimal(amount),
      amount_in_cents: amount,
    })),
    shipping: calculation.shipping,
    shipping_amount: decimal(calculation.shipping_amount),
    shipping_amount_in_cents: calculation.shipping_amount,
    restock: calculation.restock,
    note: calculation.note,
    left_to_refund: decimal(calculation.left_to_refund),
    left_to_refund_in_cents: calculation.left_to_refund,
  };
}
