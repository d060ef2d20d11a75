import type { Credentials } from './credentials';
import { apiErrorOfResponse } from './errors';
import { isRetriableStatus, retryAfterMsOf, retryDelayMs, type RetryPolicy } from './retry-policy';

export type Send = (request: Request) => Promise<Response>;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every request of the client goes through here, in this order:
 * 1. a write without an `Idempotency-Key` gets one (docs/api-conventions.md#retrying-a-post-safely-idempotency-key),
 *    once, so every retry of the call carries the same key and the API answers a repeated POST with the first record;
 * 2. retries (`retrying`) of 429 and 503 and of requests that got no answer;
 * 3. the credential (`authorized`), with one refresh and one more try on a 401 for OAuth tokens.
 */
export function transport(fetchImpl: Send, credentials: () => Credentials, policy: RetryPolicy, sleep = delay): Send {
  const authorizedSend = authorized(fetchImpl, credentials);
  const retryingSend = retrying(authorizedSend, policy, { retryUnanswered: true, sleep });
  return (request) => retryingSend(withIdempotencyKey(request));
}

export function withIdempotencyKey(request: Request): Request {
  if (WRITES.has(request.method) && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', crypto.randomUUID());
  return request;
}

/** Sends a copy of `request` with the credential; on a 401 that a refresh may cure, refreshes and sends once more. */
export function authorized(fetchImpl: Send, credentials: () => Credentials): Send {
  return async (request) => {
    const first = credentials().authorize(request.clone());
    const response = await fetchImpl(first.request);
    if (response.status !== 401 || !credentials().canRefresh) return response;
    await response.body?.cancel();
    await credentials().refreshAfter(first.token);
    return fetchImpl(credentials().authorize(request.clone()).request);
  };
}

/**
 * Sends copies of `request` until one is answered with something other than 429/503, or the retries run out (the
 * last answer is returned as it is). `retryUnanswered`: a request that got no answer at all (connection refused or
 * reset) is sent again too; safe here since every write carries its Idempotency-Key. A 429/503 whose `Retry-After`
 * is past the policy's cap is not waited for: it throws at once, with `retryAfterMs`.
 */
export function retrying(send: Send, policy: RetryPolicy, options: { retryUnanswered: boolean; sleep?: typeof delay }): Send {
  const sleep = options.sleep ?? delay;
  return async (request) => {
    for (let retry = 0; ; retry++) {
      const last = retry >= policy.maxRetries;
      let response: Response;
      try {
        response = await send(request.clone());
      } catch (error) {
        if (last || !options.retryUnanswered || !isUnanswered(error, request)) throw error;
        await sleep(retryDelayMs(retry, undefined, policy)!, request.signal);
        continue;
      }
      if (!isRetriableStatus(response.status) || last) return response;
      const retryAfterMs = retryAfterMsOf(response.headers.get('retry-after'));
      const wait = retryDelayMs(retry, retryAfterMs, policy);
      if (wait === undefined) throw await apiErrorOfResponse(response, retryAfterMs);
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}

/**
 * fetch's own failure (no answer: a TypeError, "fetch failed"), not the caller aborting nor an error of ours. By name:
 * fetch's TypeError may be of another realm than this module's.
 */
function isUnanswered(error: unknown, request: Request): boolean {
  return (error as Error | undefined)?.name === 'TypeError' && !request.signal.aborted;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
