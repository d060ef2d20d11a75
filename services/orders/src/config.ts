import { loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('orders');

export type OrdersConfig = z.infer<typeof schema>;

export const loadOrdersConfig = (env: NodeJS.ProcessEnv = process.env): OrdersConfig => loadConfig(schema, env);
