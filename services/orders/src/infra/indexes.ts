import type { Database } from '@commerce/persistence';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { CheckoutRepository, type CheckoutDocument } from './checkout.repository';
import {
  DiscountRedemptionRepository,
  REDEMPTION_CUSTOMER_INDEX,
  REDEMPTION_ORDER_INDEX,
  type RedemptionDocument,
} from './discount-redemption.repository';
import { DISCOUNT_CODE_INDEX, DiscountRepository, type DiscountDocument } from './discount.repository';
import { OrderRepository, type OrderDocument } from './order.repository';
import { TaxRateRepository, type TaxRateDocument } from './tax-rate.repository';
import { TestPaymentProcessor, type PaymentEntry, type RefundEntry } from './test-payment.processor';

/**
 * Every index the queries need (docs/service-template.md#collections-and-indexes): lists newest first by store
 * (+ status), the updated_at filters, the checkout key's uniqueness, the sweeps' due work (stock returns, refunds), the
 * zones, the test payment ledgers and the tax rates (one live rate per store, country and state; deleted ones found for
 * their purge). Listing cost does not grow with the store's size: each list is a range of one of these.
 *
 * The orders' indexes and who reads them (OrderRepository):
 *   orders_store_id            (store_id, id)               one order; every list without a status or a range, searched or
 *                                                           not (a search is checked on the orders it walks, newest first)
 *   orders_store_email         (store_id, email)            the count of a search by e-mail text: SQLite reads the e-mails
 *                                                           from the index alone (MongoDB matches its keys), not the orders
 *   orders_store_status_id     (store_id, status, id)       lists of one status (with q too)
 *   orders_store_updated_at    (store_id, updated_at)       updated_at_min / updated_at_max
 *   orders_store_sales         (store_id, created_at, ...)  created_at_min / created_at_max; and the sales summary's orders:
 *                                                           the index holds every field it reads (status, currency, tax
 *                                                           mode, the five amounts), so SQLite sums from it alone
 *   orders_store_last_refund   (store_id, last_refund_at)   the sales summary's refunds: only orders refunded since its start
 */
export async function ensureOrdersIndexes(db: Database): Promise<void> {
  const orders = db.collection<OrderDocument>(OrderRepository.collection);
  await orders.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'orders_store_id' });
  await orders.createIndex({ store_id: 1, status: 1, id: 1 }, { name: 'orders_store_status_id' });
  await orders.createIndex({ store_id: 1, updated_at: 1 }, { name: 'orders_store_updated_at' });
  await orders.createIndex({ store_id: 1, email: 1, id: 1 }, { name: 'orders_store_email' });
  // Every value the sales summary reads of an order, so SQLite sums a range from this index alone.
  await orders.createIndex(
    {
      store_id: 1,
      created_at: 1,
      status: 1,
      currency: 1,
      prices_include_tax: 1,
      subtotal: 1,
      discounts: 1,
      shipping: 1,
      tax: 1,
      shipping_tax: 1,
    },
    { name: 'orders_store_sales' },
  );
  await orders.createIndex({ store_id: 1, last_refund_at: 1 }, { name: 'orders_store_last_refund' });
  await orders.createIndex({ stock_return: 1, updated_at: 1 }, { name: 'orders_stock_return' });
  const checkouts = db.collection<CheckoutDocument>(CheckoutRepository.collection);
  await checkouts.createIndex({ store_id: 1, checkout_key: 1 }, { unique: true, name: 'checkouts_store_key' });
  await checkouts.createIndex({ state: 1, lease_until: 1 }, { name: 'checkouts_state_lease' });
  await StoreZoneRepository.ensureIndexes(db.collection<StoreZoneDocument>(StoreZoneRepository.collection));
  const ledger = db.collection<PaymentEntry>(TestPaymentProcessor.collection);
  await ledger.createIndex({ key: 1 }, { unique: true, name: 'test_payments_key' });
  const refunds = db.collection<RefundEntry>(TestPaymentProcessor.refundsCollection);
  await refunds.createIndex({ key: 1 }, { unique: true, name: 'test_payment_refunds_key' });
  await refunds.createIndex({ charge_key: 1 }, { name: 'test_payment_refunds_charge' });
  await orders.createIndex({ refunds_due_at: 1 }, { name: 'orders_refunds_due' });
  const taxRates = db.collection<TaxRateDocument>(TaxRateRepository.collection);
  await taxRates.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'tax_rates_store_id' });
  await taxRates.createIndex({ store_id: 1, country: 1, state: 1, deleted_id: 1 }, { unique: true, name: 'tax_rates_store_place' });
  await taxRates.createIndex({ deleted_id: 1 }, { name: 'tax_rates_deleted' });
  await ensureDiscountIndexes(db);
}

/**
 * Discount codes unique per store ignoring case (a deleted one's key is `deleted:<id>`), listed by id; one redemption per
 * order and per once-per-customer buyer.
 */
export async function ensureDiscountIndexes(db: Database): Promise<void> {
  const discounts = db.collection<DiscountDocument>(DiscountRepository.collection);
  await discounts.createIndex({ store_id: 1, code_key: 1 }, { unique: true, name: DISCOUNT_CODE_INDEX });
  await discounts.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'discounts_store_id' });
  const redemptions = db.collection<RedemptionDocument>(DiscountRedemptionRepository.collection);
  await redemptions.createIndex({ store_id: 1, order_id: 1 }, { unique: true, name: REDEMPTION_ORDER_INDEX });
  await redemptions.createIndex({ store_id: 1, customer_key: 1 }, { unique: true, name: REDEMPTION_CUSTOMER_INDEX });
}
