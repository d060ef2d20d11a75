import { grpcAddress, loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('orders').extend({
  /** Checkout reserves and releases stock in catalog; order products and variants are read from it. */
  CATALOG_GRPC_ADDR: grpcAddress('catalog'),
  /** Checkout prices shipping with shipping's quotes. */
  SHIPPING_GRPC_ADDR: grpcAddress('shipping'),
  /** The store's time zone when the projection has not seen the store yet. */
  STOREFRONT_GRPC_ADDR: grpcAddress('storefront'),
  /** Deadline of each call to catalog, shipping and the storefront. */
  ORDERS_BACKEND_DEADLINE_MS: z.coerce.number().int().positive().default(4_000),
  /** How long a checkout belongs to its call before the recovery sweep may finish or undo it. */
  CHECKOUT_LEASE_MS: z.coerce.number().int().positive().default(30_000),
  /** How often the recovery sweep runs (it also runs at start). */
  CHECKOUT_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(5_000),
  /** Test-only: the checkout step after which the process kills itself (infra/failpoints.ts). */
  ORDERS_FAILPOINT: z.enum(['after-checkout', 'after-reserve', 'after-order', 'after-charge']).optional(),
});

export type OrdersConfig = z.infer<typeof schema>;

export const loadOrdersConfig = (env: NodeJS.ProcessEnv = process.env): OrdersConfig => loadConfig(schema, env);
