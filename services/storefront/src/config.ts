import { flagSetting, grpcAddress, loadConfig, serviceConfigSchema, storefrontDomain, z } from '@commerce/config';

const schema = serviceConfigSchema('storefront').extend({
  STOREFRONT_DOMAIN: storefrontDomain,
  /** The scheme of stores' `url`; unset, PUBLIC_URL's (domain/site-url.ts). */
  STOREFRONT_URL_SCHEME: z.enum(['http', 'https']).optional(),
  ASSETS_BASE_URL: z.string().default('//assets.shops.localhost'),
  DEFAULT_TIME_ZONE: z.string().default('America/New_York'),
  /** The API's public base URL (`npm start` sets it): its host can't be a store's custom domain; stores' `url` take its scheme and port. */
  PUBLIC_URL: z.string().url().optional(),
  /** More hosts no store may take as its custom domain (comma-separated), beyond the storefront, assets and API hosts. */
  RESERVED_DOMAINS: z.string().default(''),
  /** The buyer site's confirmation page reads the order from the orders service. */
  ORDERS_GRPC_ADDR: grpcAddress('orders'),
  /** The confirmation page asks notifications what became of the order's receipt e-mail. */
  NOTIFICATIONS_GRPC_ADDR: grpcAddress('notifications'),
  /** Deadline of each call to the orders service (and, capped at 300 ms, to notifications: service.ts). */
  STOREFRONT_BACKEND_DEADLINE_MS: z.coerce.number().int().positive().default(3_000),
  /**
   * Once serving, reads the catalogs of the stores changed in the last 7 days (app/warm-site-catalogs.ts); `false` or `0`
   * leaves each to its first page.
   */
  STOREFRONT_CATALOG_WARMUP: flagSetting(true),
});

export type StorefrontConfig = z.infer<typeof schema>;

export const loadStorefrontConfig = (env: NodeJS.ProcessEnv = process.env): StorefrontConfig => loadConfig(schema, env);
