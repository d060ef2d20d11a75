import { performance } from 'node:perf_hooks';
import { inSpanOf } from '@commerce/tracing';
import { judgeAttempt, goneReason, type AttemptResult } from '../domain/attempt-outcome';
import { DELIVERY_TIMEOUT_MS } from '../domain/delivery';
import { addressRefusal, parseOutboundUrl } from '@commerce/outbound-address';
import type { DeliveryAttempt, DeliveryDocument } from '../infra/delivery.documents';
import type { WebhookDocument } from '../infra/webhook.repository';
import type { AttemptIds } from './attempt-ids';
import type { DeliveryCache, EventToSend } from './delivery-cache';
import type { WebhooksDeps } from './webhooks-deps';

export const USER_AGENT = 'StoreCommerce-Webhooks/1.0';

type AttemptDeps = Pick<
  WebhooksDeps,
  'webhooks' | 'deliveries' | 'secrets' | 'resolver' | 'sender' | 'allowPrivateNetworks' | 'clock' | 'random' | 'observeAttempt'
>;

/** What a worker's attempts share: the events and signers it keeps, and its block of attempt ids. */
export interface AttemptTools {
  cache: DeliveryCache;
  attemptIds: AttemptIds;
}

/** A job a worker claimed: the lease's owner, the job's webhook (being read), and how to give its place back. */
export interface ClaimedJob {
  job: DeliveryDocument;
  owner: string;
  webhook: Promise<WebhookDocument | null>;
  /** Called once the job's new state is stored: the next job of its resource may go while this attempt is logged. */
  release: () => void;
}

/** One attempt of a claimed job, and what it leads to (the outcome table, domain/attempt-outcome.ts). */
export async function attemptDelivery(
  deps: AttemptDeps,
  tools: AttemptTools,
  { job, owner, webhook: webhookRead, release }: ClaimedJob,
): Promise<void> {
  const [webhook, toSend] = await Promise.all([webhookRead, tools.cache.event(job.event_id, (id) => deps.deliveries.findEvent(id))]);
  if (!webhook || webhook.deleted_at) return deps.deliveries.end(job.id, owner, 'canceled', 'the webhook was deleted', deps.clock());
  if (webhook.status !== 'active')
    return deps.deliveries.end(
      job.id,
      owner,
      'canceled',
      `the webhook is disabled (${webhook.disabled_reason ?? 'disabled'})`,
      deps.clock(),
    );
  if (!toSend) return deps.deliveries.end(job.id, owner, 'failed', 'the event is no longer kept', deps.clock());

  const now = deps.clock();
  const startedAt = performance.now();
  // Whatever goes wrong before an answer (a secret that no longer opens...) is this attempt's error, on the schedule.
  const result = await postSigned(deps, tools.cache, webhook, toSend, now).catch((error: unknown): AttemptResult => ({
    error: `could not send: ${error instanceof Error ? error.message : String(error)}`,
  }));
  const duration = Math.round(performance.now() - startedAt);
  const firstAttemptAt = job.first_attempt_at ?? now;
  const verdict = judgeAttempt(result, firstAttemptAt, job.series_attempts, now, deps.random);
  const attempt: DeliveryAttempt = {
    id: await tools.attemptIds.take(),
    attempt: job.attempt_count + 1,
    attempted_at: now,
    status_code: result.status_code ?? null,
    duration_ms: duration,
    error: result.error ?? null,
    next_attempt_at: verdict.next_attempt_at,
  };
  const set: Partial<DeliveryDocument> = {
    first_attempt_at: firstAttemptAt,
    updated_at: now,
    status: verdict.status,
    last_error: verdict.last_error,
  };
  if (verdict.next_attempt_at) set.next_attempt_at = verdict.next_attempt_at;
  deps.observeAttempt?.({
    outcome: verdict.outcome,
    seconds: duration / 1000,
    ...(verdict.outcome === 'delivered' ? { sinceOccurredSeconds: Math.max(0, (now.getTime() - Date.parse(job.occurred_at)) / 1000) } : {}),
  });
  const stored = await deps.deliveries.recordOutcome(job, owner, set, attempt);
  if (verdict.outcome === 'gone') {
    const reason = goneReason(now);
    await deps.webhooks.disable(job.store_id, job.webhook_id, reason, now);
    await deps.deliveries.cancelPending(job.webhook_id, `the webhook was ${reason}`, now);
  }
  release();
  if (stored) await deps.deliveries.logAttempt(job, attempt);
}

/** Checks where the url points (again: DNS may have changed since creation) and POSTs the signed event there. */
async function postSigned(
  deps: AttemptDeps,
  cache: DeliveryCache,
  webhook: WebhookDocument,
  { event, body, trace }: EventToSend,
  now: Date,
): Promise<AttemptResult> {
  const target = parseOutboundUrl(webhook.url);
  if ('violation' in target) return { error: `url ${target.violation}` };
  let addresses: string[] | null;
  try {
    addresses = target.literal ? [target.host] : await deps.resolver.addressesOf(target.host);
  } catch {
    return { error: `could not resolve ${target.host}` };
  }
  if (!addresses || addresses.length === 0) return { error: `${target.host} does not resolve` };
  if (!deps.allowPrivateNetworks) {
    const refusals = addresses.map(addressRefusal).filter((refusal): refusal is string => refusal !== null);
    if (refusals.length > 0) return { error: `refused: ${target.host} points at ${refusals[0]}` };
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': event.id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1_000)),
    'webhook-signature': cache.signer(webhook, deps.secrets).sign(event.id, now, body),
    'x-webhook-topic': event.topic,
  };
  const send = () => deps.sender.send({ url: target.url, addresses, headers, body, timeoutMs: DELIVERY_TIMEOUT_MS });
  // A traced event's send is a `deliver` span of its trace, with the POST's own client span (http instrumentation) inside.
  return inSpanOf(
    `deliver ${event.topic}`,
    { kind: 'internal', parent: trace, attributes: trace && { 'webhook.id': webhook.id, 'messaging.message.id': event.id } },
    send,
  );
}
