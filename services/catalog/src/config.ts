import { loadConfig, serviceConfigSchema, z } from '@commerce/config';

const schema = serviceConfigSchema('catalog');

export type CatalogConfig = z.infer<typeof schema>;

export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env): CatalogConfig => loadConfig(schema, env);
