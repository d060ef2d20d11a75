import type { catalog } from '@commerce/contracts';
import type { Logger } from '@commerce/observability';
import type { KeyedQueue } from '@commerce/persistence';
import type { StorefrontPort, StoreZoneRepository } from '@commerce/store-zones';
import type { CheckoutRepository } from '../infra/checkout.repository';
import type { DiscountRedemptionRepository } from '../infra/discount-redemption.repository';
import type { DiscountRepository } from '../infra/discount.repository';
import type { OrderRepository } from '../infra/order.repository';
import type { TaxRateRepository } from '../infra/tax-rate.repository';
import type { RunningCheckouts } from './running-checkouts';

/** A reserved line priced by catalog (what an order item copies). */
export type ReservedLine = catalog.ReservedLine;

/** Catalog's stock and records, as orders uses them. Calls fail with the RemoteError catalog answered. */
export interface CatalogPort {
  reserveStock(storeId: number, key: string, lines: Array<{ variant_id: number; quantity: number }>): Promise<ReservedLine[]>;
  /** The lines priced as reserveStock would price them now, taking nothing (the checkout quote). */
  priceLines(storeId: number, lines: Array<{ variant_id: number; quantity: number }>): Promise<ReservedLine[]>;
  /** Puts back everything reserved under the key, once; false when nothing was (left) reserved. */
  releaseStock(storeId: number, key: string): Promise<boolean>;
  /** Puts these units back, once per key (a refund's restock); false when the key was restocked already. */
  restockLines(storeId: number, key: string, lines: Array<{ variant_id: number; quantity: number }>): Promise<boolean>;
  productsByIds(storeId: number, productIds: number[]): Promise<{ products: catalog.Product[]; context: catalog.StoreContext | undefined }>;
  variantsByIds(storeId: number, variantIds: number[]): Promise<{ variants: catalog.Variant[]; context: catalog.StoreContext | undefined }>;
}

export interface ShippingQuote {
  shipping_class_id: number;
  shipping_class_name: string;
  total_cents: number;
}

/** Shipping's quotes: the classes that ship these lines to the country, cheapest first. */
export interface ShippingPort {
  quote(
    storeId: number,
    country: string,
    lines: Array<{ product_id: number; shipping_group_id: number; quantity: number }>,
  ): Promise<ShippingQuote[]>;
}

export type ChargeResult = { approved: true; reference: string } | { approved: false; message: string };

/**
 * The payment processor, idempotent per key as real processors are: a repeat of a key answers the first
 * result; a voided key can never be charged after.
 */
export interface PaymentPort {
  readonly name: string;
  charge(input: { key: string; token: string; amountCents: number; description: string }): Promise<ChargeResult>;
  /** Voids the key unless a charge was captured under it: answers which one holds from now on. */
  voidUnlessCaptured(key: string): Promise<'captured' | 'voided'>;
  /** Gives back part of the charge made under `chargeKey`; idempotent per refundKey (a repeat answers the first result). */
  refund(input: { chargeKey: string; refundKey: string; amountCents: number }): Promise<RefundResult>;
}

export type RefundResult = { approved: true; reference: string } | { approved: false; message: string };

/** Steps of the checkout saga where a test can have the process killed (stack tests of recovery). */
export type CheckoutStep = 'after-checkout' | 'after-reserve' | 'after-order' | 'after-charge';

export interface OrdersDeps {
  orders: OrderRepository;
  checkouts: CheckoutRepository;
  /** The store's discount codes (docs/money.md#discount-codes). */
  discounts: DiscountRepository;
  /** Their uses: redeem at checkout, give back when the order fails or is canceled; never past usage_limit. */
  redemptions: DiscountRedemptionRepository;
  /** The store's tax rates (docs/money.md#tax-rates). */
  taxRates: TaxRateRepository;
  /** The store-zone projection (@commerce/store-zones): `zones` and `storefront` are what storeZone() reads. */
  zones: StoreZoneRepository;
  catalog: CatalogPort;
  shipping: ShippingPort;
  storefront: StorefrontPort;
  payments: PaymentPort;
  nextId: (counter: string) => Promise<number>;
  clock: () => Date;
  /** Changes of one order in this process run one at a time (the version check covers other replicas). */
  queue: KeyedQueue<string>;
  logger: Logger;
  /** Called at each checkout step; does nothing unless a failpoint is configured (ORDERS_FAILPOINT). */
  failpoint: (step: CheckoutStep) => void;
  /** The checkouts this process runs now: a repeat of one waits for it (app/running-checkouts.ts). */
  running: RunningCheckouts;
  /** How long a checkout belongs to the call that started it before the sweep may take it over. */
  checkoutLeaseMs: number;
}
