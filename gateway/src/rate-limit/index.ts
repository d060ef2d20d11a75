export { LeakyBucket, DEFAULT_LEAKY_BUCKET, type LeakyBucketOptions, type TakeResult } from './leaky-bucket';
export { rateLimit, type RateLimitOptions } from './rate-limit.middleware';
export { AuthFailureLimit, clientAddressKey } from './auth-failure.limit';
export {
  startRateLimitSync,
  parseUsageMessage,
  RATE_LIMIT_USAGE_SUBJECT,
  AUTH_FAILURE_USAGE_SUBJECT,
  CHECKOUT_USAGE_SUBJECT,
  type RateLimitSync,
  type RateLimitSyncOptions,
  type UsageReport,
} from './usage-sync';
