/** What the app reads from its environment, once, at start. */
export interface Config {
  /** The Store Commerce API's public base URL, without `/v1`: discovery and every API call start there. */
  commerceUrl: string;
  /** Where this app is reachable from the platform and the browser: the redirect URI and the webhook URL start there. */
  appUrl: string;
  clientId: string;
  clientSecret: string;
  port: number;
  /** A variant with this many items in stock or fewer is running low. */
  lowStockThreshold: number;
  /** The JSON file the app keeps its stores' tokens, webhooks and alerts in. */
  dataFile: string;
}

/** Reads the configuration, naming every missing or malformed variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is required`);
    return value ?? '';
  };
  const url = (name: string): string => {
    const value = required(name).replace(/\/+$/, '');
    if (value && !URL.canParse(value)) problems.push(`${name} must be an absolute URL (got "${value}")`);
    return value;
  };
  const integer = (name: string, fallback: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) problems.push(`${name} must be a whole number (got "${raw}")`);
    return value;
  };

  const config: Config = {
    commerceUrl: url('COMMERCE_URL'),
    appUrl: url('APP_URL'),
    clientId: required('CLIENT_ID'),
    clientSecret: required('CLIENT_SECRET'),
    port: integer('PORT', 3000),
    lowStockThreshold: integer('LOW_STOCK_THRESHOLD', 5),
    dataFile: env.DATA_FILE?.trim() || 'low-stock-alert.json',
  };
  if (problems.length > 0) throw new Error(`Configuration: ${problems.join('; ')}`);
  return config;
}
