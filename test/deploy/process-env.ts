// What a container of the platform needs from its environment, judged by the process's own config schema
// (the one it parses at start: a missing or bad variable stops it with the variable's name).
import { ConfigError, SERVICE_NAMES } from '@commerce/config';
import { loadGatewayConfig } from '../../gateway/src/config';
import { loadCatalogConfig } from '../../services/catalog/src/config';
import { loadIdentityConfig } from '../../services/identity/src/config';
import { loadMediaConfig } from '../../services/media/src/config';
import { loadNotificationsConfig } from '../../services/notifications/src/config';
import { loadOrdersConfig } from '../../services/orders/src/config';
import { loadShippingConfig } from '../../services/shipping/src/config';
import { loadStorefrontConfig } from '../../services/storefront/src/config';
import { loadWebhooksConfig } from '../../services/webhooks/src/config';

export type Env = Record<string, string>;
export const PROCESS_NAMES = [...SERVICE_NAMES, 'gateway'] as const;
export type ProcessName = (typeof PROCESS_NAMES)[number];

const LOADERS: Record<ProcessName, (env: Env) => object> = {
  identity: loadIdentityConfig,
  catalog: loadCatalogConfig,
  orders: loadOrdersConfig,
  shipping: loadShippingConfig,
  storefront: loadStorefrontConfig,
  webhooks: loadWebhooksConfig,
  media: loadMediaConfig,
  notifications: loadNotificationsConfig,
  gateway: loadGatewayConfig,
};

/** The process a container runs, from its command: `node [flags] services/<name>/dist/main.js` or `gateway/dist/main.js`. */
export function processOf(command: readonly string[]): ProcessName | undefined {
  for (const arg of command) {
    if (arg === 'gateway/dist/main.js') return 'gateway';
    const match = /^services\/([a-z]+)\/dist\/main\.js$/.exec(arg);
    if (match && (SERVICE_NAMES as readonly string[]).includes(match[1]!)) return match[1] as ProcessName;
  }
  return undefined;
}

/** Addresses a browser uses, where `localhost` is right on one machine. */
const USER_FACING = new Set(['PUBLIC_URL', 'ASSETS_BASE_URL']);
const LOOPBACK = /(^|[/@,:])(127\.0\.0\.1|localhost|\[::1\])([:/,]|$)/;

/**
 * Why this environment would not run `name` in a container beside the others: what its schema refuses, an address
 * left at its default on the container's own loopback (the defaults are `npm start`'s single machine: the services'
 * 127.0.0.1:5015x, GRPC_HOST and METRICS_HOST 127.0.0.1), and a service without MONGO_URL (replicas, and no volume
 * for the embedded store). Empty when it would start and be reached.
 */
export function envProblems(name: ProcessName, env: Env): string[] {
  let config: Record<string, unknown>;
  try {
    config = LOADERS[name](env) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ConfigError)
      return error.message
        .split('\n')
        .slice(1)
        .map((line) => `${name}: ${line.trim()}`);
    throw error;
  }
  const problems: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (!/(_ADDR|_URL|HOST)$/.test(key) || USER_FACING.has(key) || typeof value !== 'string') continue;
    if (LOOPBACK.test(value))
      problems.push(`${name}: ${key}=${value} is the container's own loopback${key in env ? '' : ' (the default: set it)'}`);
  }
  if (name !== 'gateway' && !config.MONGO_URL)
    problems.push(`${name}: MONGO_URL is not set (the embedded store belongs to one process and this container has no volume)`);
  return problems;
}
