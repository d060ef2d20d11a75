import { UsageError } from '../usage-error';

/** `storectl demo seed` as the operator asked for it. */
export interface DemoSeedOptions {
  /** Absent only with `apiKey`: the key names its store. */
  storeId?: number;
  apiKey?: string;
  /** The gateway's public base URL, without a trailing slash. */
  url: string;
  products: number;
  orders: number;
  seed: number;
}

export const DEMO_DEFAULTS = { products: 20, orders: 50, seed: 1, url: 'http://localhost:8080' } as const;
export const DEMO_LIMITS = { products: 500, orders: 2_000 } as const;

type Values = Record<string, string | boolean | undefined>;

/**
 * Reads the command's options (`--store`, `--api-key`, `--url`, `--products`, `--orders`, `--seed`). The URL's
 * fallbacks: `PUBLIC_URL`, then `stackUrl()` (storectl: the base URL in DATA_DIR/stack.json).
 */
export function parseDemoSeedOptions(
  values: Values,
  env: { PUBLIC_URL?: string } = {},
  stackUrl: () => string = () => DEMO_DEFAULTS.url,
): DemoSeedOptions {
  const apiKey = stringOf(values['api-key']);
  const storeText = stringOf(values.store);
  if (storeText === undefined && apiKey === undefined)
    throw new UsageError('demo seed needs --store ID (its API key is rotated) or --api-key KEY.');
  return {
    ...(storeText !== undefined ? { storeId: wholeNumber('store', storeText, 1, Number.MAX_SAFE_INTEGER) } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    url: baseUrlOf(stringOf(values.url) ?? (env.PUBLIC_URL?.trim() || stackUrl())),
    products: wholeNumber('products', stringOf(values.products) ?? String(DEMO_DEFAULTS.products), 1, DEMO_LIMITS.products),
    orders: wholeNumber('orders', stringOf(values.orders) ?? String(DEMO_DEFAULTS.orders), 0, DEMO_LIMITS.orders),
    seed: wholeNumber('seed', stringOf(values.seed) ?? String(DEMO_DEFAULTS.seed), 0, 0xffff_ffff),
  };
}

function stringOf(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}.`);
  return value;
}

/** `http://host:port` (a path such as `/v1` or a trailing slash is dropped: the demo adds its own paths). */
export function baseUrlOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url must be an http(s) URL such as ${DEMO_DEFAULTS.url}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--url must be an http(s) URL such as ${DEMO_DEFAULTS.url}.`);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
