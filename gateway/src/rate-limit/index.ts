export { LeakyBucket, DEFAULT_LEAKY_BUCKET, type LeakyBucketOptions, type TakeResult } from './leaky-bucket';
export { rateLimit, type RateLimitOptions } from './rate-limit.middleware';
