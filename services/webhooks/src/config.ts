import { loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('webhooks');

export type WebhooksConfig = z.infer<typeof schema>;

export const loadWebhooksConfig = (env: NodeJS.ProcessEnv = process.env): WebhooksConfig => loadConfig(schema, env);
