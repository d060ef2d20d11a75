import { grpcAddress, loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('identity').extend({
  STOREFRONT_GRPC_ADDR: grpcAddress('storefront'),
});

export type IdentityConfig = z.infer<typeof schema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => loadConfig(schema, env);
