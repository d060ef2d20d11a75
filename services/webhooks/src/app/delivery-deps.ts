import type { DeliveryRepository } from '../infra/delivery.repository';
import type { WebhookRepository } from '../infra/webhook.repository';
import type { HostResolver, SigningSecrets } from './webhooks-deps';

/** One POST to a receiver, to the address already checked (never re-resolved), no redirects followed. */
export interface OutgoingRequest {
  url: string;
  /** The checked IP addresses to connect to, in order (the next only when the previous refused the connection); the url's host is still sent as Host and TLS server name. */
  addresses: string[];
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** What came back: a status and the `webhook-delivery` header, or an error (timeout, connection). Never throws. */
export interface SendResult {
  status_code?: number;
  delivery_header?: string;
  error?: string;
}

export interface WebhookSender {
  send(request: OutgoingRequest): Promise<SendResult>;
}

export interface DeliveryLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** What one attempt came to, for the metrics: delivered, retry (a later attempt is scheduled), failed (none left), aborted, gone (410). */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'aborted' | 'gone';

/** Told of every attempt (metrics): its outcome, how long the request took, and for a delivery how long since the event occurred. */
export type AttemptObserver = (attempt: { outcome: AttemptOutcome; seconds: number; sinceOccurredSeconds?: number }) => void;

export interface DeliveryDeps {
  webhooks: WebhookRepository;
  deliveries: DeliveryRepository;
  secrets: SigningSecrets;
  resolver: HostResolver;
  sender: WebhookSender;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: private, loopback and link-local receivers are allowed. */
  allowPrivateNetworks: boolean;
  /** `delivery_blocks`: one per event's jobs (ids block × JOBS_PER_BLOCK + 1..); `delivery_attempts`: one per ATTEMPTS_PER_BLOCK attempts (see attempt-ids.ts). */
  nextId: (counter: 'delivery_blocks' | 'delivery_attempts') => Promise<number>;
  clock: () => Date;
  /** In [0, 1): the retries' jitter. */
  random: () => number;
  logger: DeliveryLogger;
  /** Absent, attempts are not observed (no METRICS_PORT). */
  observeAttempt?: AttemptObserver;
}
