import { loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('storefront').extend({
  STOREFRONT_DOMAIN: z.string().min(1).default('shops.localhost'),
  STOREFRONT_URL_SCHEME: z.enum(['http', 'https']).default('https'),
  ASSETS_BASE_URL: z.string().default('//assets.shops.localhost'),
  DEFAULT_TIME_ZONE: z.string().default('America/New_York'),
});

export type StorefrontConfig = z.infer<typeof schema>;

export const loadStorefrontConfig = (env: NodeJS.ProcessEnv = process.env): StorefrontConfig => loadConfig(schema, env);
