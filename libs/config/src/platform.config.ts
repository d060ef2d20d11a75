import { z } from 'zod';

/** The eight services, in the order the launcher starts them. */
export const SERVICE_NAMES = ['identity', 'catalog', 'orders', 'shipping', 'storefront', 'webhooks', 'media', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * Where a service, or the gateway, run alone looks for each service when `<SERVICE>_GRPC_ADDR` is unset. `npm start`
 * uses none of them: it picks a free port for every service whose address is unset (deploy/launcher/src/ports.ts).
 */
export const DEFAULT_GRPC_PORTS: Record<ServiceName, number> = {
  identity: 50151,
  catalog: 50152,
  orders: 50153,
  shipping: 50154,
  storefront: 50155,
  webhooks: 50156,
  media: 50157,
  notifications: 50158,
};

export const addressEnvName = (service: ServiceName): string => `${service.toUpperCase()}_GRPC_ADDR`;

/**
 * The domain stores' buyer sites live under (`<subdomain>.<domain>`): the storefront renders stores' `url` with it
 * and the gateway routes buyer requests by it, so both read this one setting with this one default (browsers
 * resolve every `*.localhost` name to this machine).
 */
export const storefrontDomain = z.string().trim().toLowerCase().min(1).default('shops.localhost');

export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** LOG_FORMAT: JSON lines or readable, coloured lines for a person; `logFormat` defaults to JSON. */
export const logFormatChoice = z.enum(['json', 'pretty']);
export const logFormat = logFormatChoice.default('json');

const port = z.coerce.number().int().min(0).max(65535);

/** A `<SERVICE>_GRPC_ADDR` value: `host:port`, or `dns:///host:port` for a name whose every address takes calls in turn. */
const grpcAddressValue = z
  .string()
  .regex(/^(dns:\/\/\/)?[^\s:/]+:\d+$/, 'must be host:port, or dns:///host:port to balance calls over every address the name resolves to');

/** `host:port` of one service's gRPC endpoint, from `<SERVICE>_GRPC_ADDR` or the default port. */
export function grpcAddress(service: ServiceName) {
  return grpcAddressValue.default(`127.0.0.1:${DEFAULT_GRPC_PORTS[service]}`);
}

/** An on/off setting: `true`/`1` on, `false`/`0` off, unset or empty the default. */
export function flagSetting(defaultValue: boolean) {
  return z
    .enum(['true', 'false', '1', '0', ''])
    .default('')
    .transform((value) => (value === '' ? defaultValue : value === 'true' || value === '1'));
}

/** Addresses of every service, keyed by name. */
export const serviceAddresses = z.object(
  Object.fromEntries(SERVICE_NAMES.map((name) => [addressEnvName(name), grpcAddress(name)])) as Record<
    `${Uppercase<ServiceName>}_GRPC_ADDR`,
    ReturnType<typeof grpcAddress>
  >,
);

/** The addresses an operator set, each optional: `npm start` picks a free port for every service left unset. */
export const configuredServiceAddresses = z.object(
  Object.fromEntries(SERVICE_NAMES.map((name) => [addressEnvName(name), grpcAddressValue.optional()])) as Record<
    `${Uppercase<ServiceName>}_GRPC_ADDR`,
    z.ZodOptional<typeof grpcAddressValue>
  >,
);

export function addressOf(config: z.infer<typeof serviceAddresses>, service: ServiceName): string {
  return config[addressEnvName(service) as keyof typeof config];
}

/** A MongoDB connection string: one host or a replica set's list (`mongodb://a:27017,b:27017/?replicaSet=rs0`), or mongodb+srv. */
export const mongoUrl = z.string().regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// or mongodb+srv:// connection string');

/** What every service process reads: where it listens, where its data lives, where the bus is. */
export function serviceConfigSchema(service: ServiceName) {
  return z.object({
    SERVICE_NAME: z.literal(service).default(service),
    GRPC_HOST: z.string().default('127.0.0.1'),
    GRPC_PORT: port.default(DEFAULT_GRPC_PORTS[service]),
    DATA_DIR: z.string().min(1).default('.data'),
    MONGO_URL: mongoUrl.optional(),
    MONGO_DB_PREFIX: z.string().default(''),
    NATS_URL: z.string().min(1, 'NATS_URL is required (npm start sets it)'),
    LOG_LEVEL: logLevel,
    LOG_FORMAT: logFormat,
    /** Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics; off when unset. */
    METRICS_PORT: port.optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
  });
}

export { port as portSchema };

/** Port of identity's HTTP pages (sign-in, consent, /oauth/token, admin panel), which the gateway proxies. */
export const DEFAULT_IDENTITY_HTTP_PORT = 50161;

/** Where the gateway finds identity's pages: `IDENTITY_HTTP_URL`, or identity's default port on this machine. */
export const identityHttpUrl = z.string().url().default(`http://127.0.0.1:${DEFAULT_IDENTITY_HTTP_PORT}`);

/**
 * How access tokens are signed (identity) and verified (gateway); one definition so the two sides
 * cannot drift apart. The secret is required where it is used; `npm start` generates one.
 */
export const oauthTokenSettings = z.object({
  OAUTH_JWT_SECRET: z.string().min(32, 'OAUTH_JWT_SECRET must be at least 32 characters (npm start generates one)'),
  OAUTH_ISSUER: z.string().min(1).default('store-commerce'),
  OAUTH_AUDIENCE: z.string().min(1).default('store-commerce-api'),
});
