import { randomBytes } from 'node:crypto';
import { createClient, type StreamedEvent } from '@commerce/sdk';
import { Webhook } from 'standardwebhooks';
import type { ListenOptions } from './dev-options';

/** What the platform's deliveries say they are (services/webhooks), and that this one came from `storectl listen`. */
const USER_AGENT = 'StoreCommerce-Webhooks/1.0 (storectl listen)';
/** As a real delivery: an answer later than this is a failure. */
const FORWARD_TIMEOUT_MS = 15_000;

/** One line per forwarded event: the local app's status, or why it got none. */
export type ForwardLine =
  | { event_id: string; topic: string; status: number; duration_ms: number }
  | { event_id: string; topic: string; error: string; duration_ms: number };

/**
 * `storectl listen` (docs/build-an-app.md#develop-locally-storectl-listen-and-trigger): reads the store's live event
 * stream through the public API and POSTs each event to a local URL exactly as a webhook delivery is made — the same
 * body, Standard Webhooks headers signed with a secret made for this session, `webhook-id` the event id — so an app
 * on a laptop gets its webhooks without a tunnel or a public address. Prints `{secret}` first (the app verifies with
 * it), then one line per delivery. Events are forwarded one at a time, in the order stored; a delivery the app
 * refuses is reported, not retried (trigger it again). Runs until `signal` aborts (Ctrl-C).
 */
export async function listen(options: ListenOptions, print: (line: object) => void, signal: AbortSignal): Promise<void> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const signer = new Webhook(secret);
  print({ secret });
  const api = createClient({ baseUrl: options.url, apiKey: options.apiKey, headers: { 'User-Agent': 'storectl listen' } });
  for await (const event of api.events({ ...(options.events ? { topics: options.events } : {}), signal })) {
    print(await forward(event, options.forwardTo, signer));
  }
}

/** POSTs one event to `target` as the webhooks service would deliver it (services/webhooks/src/domain/delivery.ts). */
export async function forward(event: StreamedEvent, target: string, signer: Webhook): Promise<ForwardLine> {
  const body = JSON.stringify({ type: event.topic, timestamp: event.occurred_at, data: event.resource });
  const now = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': event.id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1_000)),
    'webhook-signature': signer.sign(event.id, now, body),
    'x-webhook-topic': event.topic,
  };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await fetch(target, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    return { event_id: event.id, topic: event.topic, status: answer.status, duration_ms: elapsed() };
  } catch (error) {
    return { event_id: event.id, topic: event.topic, error: reasonOf(error), duration_ms: elapsed() };
  }
}

/** fetch's failure in a few words: the cause's code (ECONNREFUSED) when there is one. */
function reasonOf(error: unknown): string {
  if ((error as Error | undefined)?.name === 'TimeoutError') return `no answer within ${FORWARD_TIMEOUT_MS / 1_000} s`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
