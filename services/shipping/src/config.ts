import { loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('shipping');

export type ShippingConfig = z.infer<typeof schema>;

export const loadShippingConfig = (env: NodeJS.ProcessEnv = process.env): ShippingConfig => loadConfig(schema, env);
