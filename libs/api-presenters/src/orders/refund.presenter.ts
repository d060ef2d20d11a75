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
