import { grpcAddress, loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('catalog').extend({
  /** The storefront answers a store's context (time zone, address) when the projection has not seen the store yet. */
  STOREFRONT_GRPC_ADDR: grpcAddress('storefront'),
  /** Shipping answers a group the projection has not seen yet (a product created right after its group). */
  SHIPPING_GRPC_ADDR: grpcAddress('shipping'),
  /** Media registers the images of photos given by URL (docs/catalog.md#photos). */
  MEDIA_GRPC_ADDR: grpcAddress('media'),
  /**
   * Deadline of each call to media: a product write given photo URLs waits for media at most this long, then writes
   * the photos without images (they show their URLs).
   */
  CATALOG_MEDIA_DEADLINE_MS: z.coerce.number().int().positive().default(2_000),
  /** The public address (`https://api.example.com`): product events point hosted photos at its host; unset, host-relative paths. */
  PUBLIC_URL: z.string().url().optional(),
  /** Deadline of each call to the storefront and shipping. */
  CATALOG_BACKEND_DEADLINE_MS: z.coerce.number().int().positive().default(3_000),
  /** A reservation left pending longer than this was interrupted by a crash: the sweep puts its stock back. */
  STOCK_RECOVERY_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * A shipping group retired for deletion stays refused at least this long; after it, the sweep restores the
   * group if shipping still has it (the delete never happened). Shipping writes its delete within half of it.
   */
  SHIPPING_GROUP_RETIREMENT_HOLD_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** How often the sweep for work a crash interrupted runs (it also runs at start). */
  RECOVERY_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60_000),
});

export type CatalogConfig = z.infer<typeof schema>;

export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env): CatalogConfig => loadConfig(schema, env);
