import type { orders } from '@commerce/contracts';
import { decimalString } from '@commerce/money';
import { z } from 'zod';
import { cents, id } from '../answer-schema';

const quotedLineJson = z.strictObject({
  variant_id: id(),
  product_id: id(),
  product_name: z.string(),
  variant_name: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: cents(),
  amount: cents().meta({ description: 'unit_price × quantity' }),
  discount: cents().meta({ description: "the line's share of `discounts`" }),
  tax: cents(),
});

/** The total before paying (docs/orders.md#the-quote): every amount an integer in the currency's minor unit. */
export const quoteJson = z
  .strictObject({
    currency: z.string().meta({ description: 'ISO 4217; every amount is in its minor unit' }),
    prices_include_tax: z.boolean(),
    lines: z.array(quotedLineJson),
    shipping_options: z.array(z.strictObject({ shipping_class_id: id(), name: z.string(), price: cents() })),
    shipping_class_id: id(),
    shipping_class_name: z.string(),
    discount_code: z.string().nullable(),
    subtotal: cents(),
    discounts: cents(),
    shipping: cents().meta({ description: 'charged, after shipping_discount' }),
    shipping_discount: cents(),
    shipping_tax: cents(),
    tax: cents(),
    tax_name: z.string(),
    total: cents(),
    price: z.string().meta({ description: 'the total as a decimal string in the currency\'s decimals ("123.45", "12345" for JPY)' }),
  })
  .meta({ id: 'CheckoutQuote' });

export type QuoteJson = z.infer<typeof quoteJson>;

export function presentQuote(quote: orders.QuoteCheckoutResponse): QuoteJson {
  return {
    currency: quote.currency,
    prices_include_tax: quote.prices_include_tax,
    lines: quote.lines.map((line) => ({
      variant_id: line.variant_id,
      product_id: line.product_id,
      product_name: line.product_name,
      variant_name: line.variant_name,
      sku: line.sku ?? null,
      quantity: line.quantity,
      unit_price: line.unit_price,
      amount: line.amount,
      discount: line.discount,
      tax: line.tax,
    })),
    shipping_options: quote.shipping_options.map((option) => ({
      shipping_class_id: option.shipping_class_id,
      name: option.name,
      price: option.price,
    })),
    shipping_class_id: quote.shipping_class_id,
    shipping_class_name: quote.shipping_class_name,
    discount_code: quote.discount_code ?? null,
    subtotal: quote.subtotal,
    discounts: quote.discounts,
    shipping: quote.shipping,
    shipping_discount: quote.shipping_discount,
    shipping_tax: quote.shipping_tax,
    tax: quote.tax,
    tax_name: quote.tax_name,
    total: quote.total,
    price: decimalString(quote.total, quote.currency),
  };
}
