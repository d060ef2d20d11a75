import {
  DEFAULT_IDENTITY_HTTP_PORT,
  grpcAddress,
  loadConfig,
  oauthTokenSettings,
  portSchema,
  serviceConfigSchema,
  z,
} from '@commerce/config';

const schema = serviceConfigSchema('identity')
  .extend(oauthTokenSettings.shape)
  .extend({
    STOREFRONT_GRPC_ADDR: grpcAddress('storefront'),
    /** Deadline of each call to the storefront (a store created at sign-up). */
    IDENTITY_BACKEND_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
    // Without a signing secret the service still runs its API-key RPCs, but serves no OAuth (no pages, no tokens):
    // processes started only for their gRPC side (other contexts' tests) need neither.
    OAUTH_JWT_SECRET: oauthTokenSettings.shape.OAUTH_JWT_SECRET.optional(),
    IDENTITY_HTTP_HOST: z.string().default('127.0.0.1'),
    IDENTITY_HTTP_PORT: portSchema.default(DEFAULT_IDENTITY_HTTP_PORT),
    /** The address users see; an https one makes the session cookie Secure. */
    PUBLIC_URL: z.string().url().optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(90),
    /** RFC 6749 §4.1.2 asks for at most 10 minutes. */
    AUTHORIZATION_CODE_TTL_SECONDS: z.coerce.number().int().min(1).max(600).default(300),
    /** Failed sign-ins one account may take from one address in LOGIN_THROTTLE_MINUTES before it is refused. */
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_THROTTLE_MINUTES: z.coerce.number().int().min(1).default(15),
    /** How often authorization codes that expired over an hour ago are deleted (the hour keeps reuse detection). */
    CODE_PURGE_INTERVAL_MS: z.coerce.number().int().min(10).default(600_000),
    /** How often the sign-in attempt counters whose window ended are deleted. */
    LOGIN_ATTEMPT_PURGE_INTERVAL_MS: z.coerce.number().int().min(10).default(600_000),
  });

export type IdentityConfig = z.infer<typeof schema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => loadConfig(schema, env);
