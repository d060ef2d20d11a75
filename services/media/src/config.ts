import { flagSetting, grpcAddress, loadConfig, serviceConfigSchema, z } from '@commerce/config';

const flag = flagSetting(false);

const schema = serviceConfigSchema('media').extend({
  /** A store's image bytes, all its images together (docs/media.md#references-and-the-quota). 1 GiB. */
  MEDIA_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  /** Lets photos given by URL come from private, loopback and link-local addresses (a server on this machine, in tests). */
  MEDIA_ALLOW_PRIVATE_NETWORKS: flag,
  /** The whole fetch of a photo given by URL: connect, redirects, every byte. */
  MEDIA_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** How often unused bytes and orphan references are looked for (docs/media.md#collecting-unused-bytes). */
  MEDIA_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
  /** How long bytes no image refers to are kept before they are collected. */
  MEDIA_COLLECT_GRACE_MS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(10 * 60_000),
  /** How old an image must be before the sweep asks catalog whether a photo still shows it. */
  MEDIA_ORPHAN_AGE_MS: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(60 * 60_000),
  /** Replicas of the object store's stream (3 with the NATS cluster of deploy/k8s). */
  MEDIA_OBJECT_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Catalog answers which images its photos still show (ImagesInUse). */
  CATALOG_GRPC_ADDR: grpcAddress('catalog'),
  /** Deadline of each call to catalog. */
  MEDIA_BACKEND_DEADLINE_MS: z.coerce.number().int().positive().default(5_000),
});

export type MediaConfig = z.infer<typeof schema>;

export const loadMediaConfig = (env: NodeJS.ProcessEnv = process.env): MediaConfig => loadConfig(schema, env);
