import { grpcAddress, loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('shipping').extend({
  /** Catalog answers which products use a group (delete-in-use rule, shipping-rate `products`). */
  CATALOG_GRPC_ADDR: grpcAddress('catalog'),
});

export type ShippingConfig = z.infer<typeof schema>;

export const loadShippingConfig = (env: NodeJS.ProcessEnv = process.env): ShippingConfig => loadConfig(schema, env);
