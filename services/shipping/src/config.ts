import { grpcAddress, loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('shipping').extend({
  /** Catalog retires a group before it is deleted (the delete-in-use rule) and answers a shipping rate's `products`. */
  CATALOG_GRPC_ADDR: grpcAddress('catalog'),
  /** Deadline of each call to catalog (a caller's earlier deadline wins). */
  SHIPPING_BACKEND_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
});

export type ShippingConfig = z.infer<typeof schema>;

export const loadShippingConfig = (env: NodeJS.ProcessEnv = process.env): ShippingConfig => loadConfig(schema, env);
