import {
  identityHttpUrl,
  loadConfig,
  storefrontDomain,
  logFormat,
  logLevel,
  oauthTokenSettings,
  portSchema,
  serviceAddresses,
  z,
} from '@commerce/config';

const schema = serviceAddresses.extend(oauthTokenSettings.shape).extend({
  PORT: portSchema.default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** The platform's address: identity's pages answer on its host only (localhost when unset), and paging links are built on it. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Processes serving PORT (see worker-pool.ts); 1 runs without a primary. One by default: on a machine the
   * services share (npm start), a second worker measured slower, not faster (bench: 405 vs 283 µs CPU per request on 2 cores).
   */
  GATEWAY_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  NATS_URL: z.string().min(1, 'NATS_URL is required (npm start sets it)'),
  LOG_LEVEL: logLevel,
  LOG_FORMAT: logFormat,
  /** Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics (with workers, their sum); off when unset. */
  METRICS_PORT: portSchema.optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** identity's pages and /oauth endpoints, proxied under the same paths. */
  IDENTITY_HTTP_URL: identityHttpUrl,
  /**
   * Bytes of image renditions the gateway keeps in memory to serve /media/<key>/<size> without asking media
   * (renditions never change under their key, so a kept one is always right); 0 keeps none.
   */
  MEDIA_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024 * 1024),
  /** Deadline of every backend call; past it the caller gets a 503. */
  GRPC_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
  API_KEY_CACHE_TTL_MS: z.coerce.number().int().positive().default(60_000),
  /** Bounds how long a grant stays cached if its revocation event were ever missed. */
  GRANT_CACHE_TTL_MS: z.coerce.number().int().positive().default(60_000),
  RATE_LIMIT_BURST: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(20),
  /**
   * Failed authentications per client address (socket address): a burst, then this many per second (401s on /v1,
   * a wrong client id or secret on POST /v1/application/stores, refused /oauth/token requests). A burst of 0 turns it off.
   */
  AUTH_FAILURE_BURST: z.coerce.number().int().min(0).default(20),
  AUTH_FAILURE_PER_SECOND: z.coerce.number().positive().default(0.5),
  /**
   * Checkouts per client address (POST /s/:subdomain/checkout and the Host form): a burst, then this many per
   * second. A burst of 0 turns it off (stack tests raise it for many concurrent checkouts from one address).
   */
  CHECKOUT_BURST: z.coerce.number().int().min(0).default(30),
  CHECKOUT_PER_SECOND: z.coerce.number().positive().default(1),
  /**
   * Buyer sites answer at `<subdomain>.<STOREFRONT_DOMAIN>` (any port); `/s/<subdomain>/` redirects there
   * (docs/buyer-site.md#one-origin-per-store).
   */
  STOREFRONT_DOMAIN: storefrontDomain,
  /**
   * Live event streams (GET /v1/events/stream) open at once per credential (an API key, an OAuth grant), across every
   * gateway process and replica (docs/webhooks.md#the-live-event-stream); one more is a 429.
   */
  EVENT_STREAMS_PER_CREDENTIAL: z.coerce.number().int().min(1).max(1_000).default(5),
  /** How often each replica shares the requests it admitted, so the limit holds across replicas. */
  RATE_LIMIT_SYNC_INTERVAL_MS: z.coerce.number().int().positive().default(250),
});

export type GatewayConfig = z.infer<typeof schema>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig => loadConfig(schema, env);
