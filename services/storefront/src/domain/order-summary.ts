/** An order as the confirmation page shows it (read from the orders service); money in integer cents. */
export interface OrderSummary {
  id: number;
  status: string;
  email: string;
  subtotal: number;
  shipping: number;
  tax: number;
  discounts: number;
  total: number;
  /** ISO 4217: the currency the order was placed in, which its amounts count (docs/money.md#currency). */
  currency: string;
  paid: boolean;
  created_at: Date | null;
  user_note: string;
  shipping_class_name: string;
  address: { name: string; address_1: string; address_2: string; city: string; state: string; postal: string; country: string };
  items: Array<{
    product_id: number;
    product_name: string;
    variant_id: number;
    variant_name: string;
    sku: string;
    quantity: number;
    list_price: number;
    price_in_cents: number;
  }>;
}
