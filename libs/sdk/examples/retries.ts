import { createClient, type CommerceClient } from '@commerce/sdk';

/**
 * 429 and 503 answers are retried by themselves, after what `Retry-After` asks (plus a little jitter) or an
 * exponential backoff; so is a request that got no answer. The defaults are 3 retries, 500 ms, at most 30 s a wait.
 */
export function patientClient(baseUrl: string, apiKey: string): CommerceClient {
  return createClient({ baseUrl, apiKey, retry: { maxRetries: 5, baseDelayMs: 250, maxDelayMs: 10_000 } });
}
