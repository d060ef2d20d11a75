import { flagSetting, grpcAddress, loadConfig, serviceConfigSchema, z } from '@commerce/config';

const SECRET_KEY_BYTES = 32;

/** Base64 of exactly 32 bytes (AES-256); `openssl rand -base64 32` makes one. */
const secretKey = z
  .string()
  .trim()
  .refine((text) => /^[A-Za-z0-9+/]+={0,2}$/.test(text) && Buffer.from(text, 'base64').length === SECRET_KEY_BYTES, {
    message: `must be base64 of ${SECRET_KEY_BYTES} bytes (openssl rand -base64 ${SECRET_KEY_BYTES})`,
  });

const schema = serviceConfigSchema('webhooks')
  .extend({
    /**
     * Encrypts the signing secrets at rest (AES-256-GCM). Unset on the embedded engine, one is generated into
     * DATA_DIR/webhooks/secret.key at first start and reused; required with MONGO_URL (replicas share it).
     */
    WEBHOOK_SECRET_KEY: z.preprocess((value) => (value === '' ? undefined : value), secretKey.optional()),
    /** Lets webhooks point at private, loopback and link-local addresses (a receiver on this machine, in tests). */
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: flagSetting(false),
    /** The store's time zone when the projection has not seen the store yet. */
    STOREFRONT_GRPC_ADDR: grpcAddress('storefront'),
    /** Deadline of each call to the storefront. */
    WEBHOOKS_BACKEND_DEADLINE_MS: z.coerce.number().int().positive().default(4_000),
  })
  .superRefine((config, context) => {
    if (config.MONGO_URL && !config.WEBHOOK_SECRET_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['WEBHOOK_SECRET_KEY'],
        message:
          `is required with MONGO_URL: every replica must encrypt signing secrets with the same key (base64 ` +
          `of ${SECRET_KEY_BYTES} bytes)`,
      });
    }
  });

export type WebhooksConfig = z.infer<typeof schema>;

export const loadWebhooksConfig = (env: NodeJS.ProcessEnv = process.env): WebhooksConfig => loadConfig(schema, env);
