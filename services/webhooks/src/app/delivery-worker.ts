import { randomUUID } from 'node:crypto';
import { PassLoop } from '@commerce/delivery';
import { DELIVERY_TIMEOUT_MS } from '../domain/delivery';
import type { DeliveryDocument, DueJob } from '../infra/delivery.documents';
import type { WebhookDocument } from '../infra/webhook.repository';
import { AttemptIds } from './attempt-ids';
import { attemptDelivery, type AttemptTools } from './attempt-delivery';
import { DeliveryCache } from './delivery-cache';
import { FAN_OUT_BATCH, fanOutEvents } from './fan-out-events';
import type { WebhooksDeps } from './webhooks-deps';

/** What the worker uses: the fan-out's and the attempts' deps, and the logger for what fails unexpectedly. */
export type WorkerDeps = Pick<
  WebhooksDeps,
  | 'webhooks'
  | 'deliveries'
  | 'secrets'
  | 'resolver'
  | 'sender'
  | 'allowPrivateNetworks'
  | 'nextId'
  | 'clock'
  | 'random'
  | 'logger'
  | 'observeAttempt'
>;

export interface WorkerLimits {
  /** Sends under way at once to one webhook. */
  perWebhook: number;
  /** Sends under way at once in this process. */
  total: number;
  /** How long a claimed job is this worker's: above the send timeout, so a live send is never taken over. */
  leaseMs: number;
  /** Due jobs looked at per round of a pass at most. */
  batch: number;
}

/** Due-job queries per pass at most. */
const MAX_ROUNDS = 4;
/** Due jobs looked at per free place in a round (many are queued behind a send under way), and at least. */
const SCAN_PER_PLACE = 4;
const MIN_SCAN = 32;

export const DEFAULT_LIMITS: WorkerLimits = { perWebhook: 8, total: 256, leaseMs: 4 * DELIVERY_TIMEOUT_MS, batch: 500 };

/**
 * Sends the due delivery jobs (docs/webhooks.md#delivery). A pass (`tick`) looks at the due jobs and, for each that is the first
 * pending job of its resource for its webhook (per-resource order: the next waits until the previous one ended),
 * claims it with a lease (a conditional update: no two replicas send the same attempt at once) and starts sending
 * it, within `perWebhook` and `total` sends at once. Sends run side by side: a slow receiver holds only its own
 * webhook's places. A job whose send ended makes another pass start.
 */
export class DeliveryWorker extends PassLoop {
  readonly owner = `worker-${randomUUID()}`;
  /** Sends holding a place (until their outcome is stored); `inFlight` holds every job taken until its attempt is logged. */
  private sending = 0;
  private readonly perWebhook = new Map<number, number>();
  private readonly busyResources = new Set<string>();
  private readonly tools: AttemptTools;

  constructor(
    private readonly deps: WorkerDeps,
    private readonly limits: WorkerLimits = DEFAULT_LIMITS,
  ) {
    super((error) => deps.logger.warn({ err: error }, 'delivery pass failed; the next one retries'));
    this.tools = { cache: new DeliveryCache(), attemptIds: new AttemptIds(() => deps.nextId('delivery_attempts')) };
  }

  protected async runPass(): Promise<number> {
    // Events stored since the last pass become jobs first, a batch of them per round of writes.
    for (let round = 0; round < MAX_ROUNDS; round++) {
      if ((await fanOutEvents(this.deps)).events < FAN_OUT_BATCH || this.stopped) break;
    }
    const now = this.deps.clock();
    const leaseUntil = new Date(now.getTime() + this.limits.leaseMs);
    let started = 0;
    const seen = new Set<string>();
    // A batch may be filled by the queued jobs of a few resources, or of a webhook whose places are all taken (a slow
    // receiver's backlog): the next rounds skip the lanes already looked at, and every round skips the full webhooks.
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const free = this.limits.total - this.sending;
      if (free <= 0 || this.stopped) break;
      // Rows looked at in proportion to the places to fill: a pass after one send ended does not read hundreds.
      const limit = Math.min(this.limits.batch, Math.max(MIN_SCAN, free * SCAN_PER_PLACE));
      const full = [...this.perWebhook].filter(([, sending]) => sending >= this.limits.perWebhook).map(([webhookId]) => webhookId);
      const due = await this.deps.deliveries.due(now, limit, [...seen], full);
      if (due.length === 0) break;
      const lanes = this.lanesToTry(due, seen);
      // The lanes' heads are read, and claimed, all at once: one round trip (one group commit) for the whole pass, not one per job.
      const heads = await Promise.all(lanes.map((job) => this.deps.deliveries.headOf(job.webhook_id, job.resource_key)));
      const claims = lanes.map((job, i) => {
        const head = heads[i];
        // The resource's first pending job goes first: the one looked at, or an earlier one when that is due too.
        if (!head || head.next_attempt_at > now || head.lease_until > now || this.inFlight.has(head.id)) return null;
        return this.deps.deliveries.claim(head.id, this.owner, now, leaseUntil); // null: another replica took it
      });
      const claimed = await Promise.all(claims);
      // Each webhook is read once for all its jobs of the round (up to perWebhook of them).
      const webhooks = new Map<number, Promise<WebhookDocument | null>>();
      const webhookOf = (job: DeliveryDocument) => {
        if (!webhooks.has(job.webhook_id)) webhooks.set(job.webhook_id, this.deps.webhooks.byId(job.store_id, job.webhook_id));
        return webhooks.get(job.webhook_id)!;
      };
      // A job claimed is sent even when a stop came meanwhile (stop waits for it): left claimed, it would wait for its lease to run out.
      claimed.forEach((job, i) => {
        if (!job) return;
        this.begin(job, lanes[i].lane, webhookOf(job));
        started++;
      });
      if (due.length < limit) break;
    }
    return started;
  }

  /** The due jobs whose lane may start a send now, within the places left (per webhook and in all); marks every lane looked at as seen. */
  private lanesToTry(due: readonly DueJob[], seen: Set<string>): DueJob[] {
    const lanes: DueJob[] = [];
    const taken = new Map<number, number>();
    for (const job of due) {
      if (this.sending + lanes.length >= this.limits.total) break;
      if (seen.has(job.lane)) continue;
      seen.add(job.lane);
      const places = (this.perWebhook.get(job.webhook_id) ?? 0) + (taken.get(job.webhook_id) ?? 0);
      if (this.busyResources.has(job.lane) || places >= this.limits.perWebhook) continue;
      taken.set(job.webhook_id, (taken.get(job.webhook_id) ?? 0) + 1);
      lanes.push(job);
    }
    return lanes;
  }

  private begin(job: DeliveryDocument, key: string, webhookRead: Promise<WebhookDocument | null>): void {
    this.busyResources.add(key);
    this.perWebhook.set(job.webhook_id, (this.perWebhook.get(job.webhook_id) ?? 0) + 1);
    this.sending++;
    let released = false;
    // The place, and the resource's turn, are given back once the job's new state is stored: the next job of the
    // resource may go then, while this attempt's line in the deliveries log is still being written.
    const release = () => {
      if (released) return;
      released = true;
      this.sending--;
      this.busyResources.delete(key);
      const left = (this.perWebhook.get(job.webhook_id) ?? 1) - 1;
      if (left > 0) this.perWebhook.set(job.webhook_id, left);
      else this.perWebhook.delete(job.webhook_id);
      this.kick();
    };
    const send = attemptDelivery(this.deps, this.tools, { job, owner: this.owner, webhook: webhookRead, release }).catch((error: unknown) =>
      this.deps.logger.warn(
        { err: error, delivery_id: job.id, webhook_id: job.webhook_id },
        'delivery attempt failed unexpectedly; retried when its lease runs out',
      ),
    );
    this.track(job.id, send, release);
  }
}
