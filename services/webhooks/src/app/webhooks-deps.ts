import type { StorefrontPort, StoreZoneRepository } from '@commerce/store-zones';
import type { AttemptOutcome } from '../domain/attempt-outcome';
import type { SealedSecret } from '../domain/webhook';
import type { DeliveryRepository } from '../infra/delivery.repository';
import type { WebhookRepository } from '../infra/webhook.repository';
import type { StoreEventSignals } from './store-event-signals';

/** Makes signing secrets and keeps them sealed; `owner` names the webhook a sealed secret belongs to. */
export interface SigningSecrets {
  /** A new Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
  generate(): string;
  seal(secret: string, owner: string): SealedSecret;
  open(sealed: SealedSecret, owner: string): string;
}

/** DNS, for the addresses a webhook's host name stands for. */
export interface HostResolver {
  /** Every address of the name, or null when the name does not exist; throws UNAVAILABLE when DNS cannot answer now. */
  addressesOf(host: string): Promise<string[] | null>;
}

/** One POST to a receiver, to the address already checked (never re-resolved), no redirects followed. */
export interface OutgoingRequest {
  url: string;
  /**
   * The checked IP addresses to connect to, in order (the next only when the previous refused the connection); the
   * url's host is still sent as Host and TLS server name.
   */
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

/** Told of every attempt (metrics): its outcome, how long the request took, and for a delivery how long since the event occurred. */
export type AttemptObserver = (attempt: { outcome: AttemptOutcome; seconds: number; sinceOccurredSeconds?: number }) => void;

/** What the use cases receive (each takes the Pick of it that it needs). */
export interface WebhooksDeps {
  webhooks: WebhookRepository;
  /** The events feed, the delivery jobs and the deliveries log. */
  deliveries: DeliveryRepository;
  /** Wakes the events feed's long polls when the intake stores a store's public event (docs/webhooks.md#the-live-event-stream). */
  eventSignals: StoreEventSignals;
  /** The store-zone projection (@commerce/store-zones): `zones` and `storefront` are what storeZone() reads. */
  zones: StoreZoneRepository;
  storefront: StorefrontPort;
  secrets: SigningSecrets;
  resolver: HostResolver;
  sender: WebhookSender;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: any address may receive webhooks (nothing is resolved at creation, nothing refused at delivery). */
  allowPrivateNetworks: boolean;
  /** The webhook topics a subscription may name: the public topics and their wildcards. */
  topics: ReadonlySet<string>;
  /**
   * `webhooks`: one per webhook. `delivery_blocks`: one per event's jobs (ids block × JOBS_PER_BLOCK + 1..);
   * `delivery_attempts`: one per ATTEMPTS_PER_BLOCK attempts (see attempt-ids.ts).
   */
  nextId: (counter: 'webhooks' | 'delivery_blocks' | 'delivery_attempts') => Promise<number>;
  clock: () => Date;
  /** In [0, 1): the retries' jitter. */
  random: () => number;
  logger: DeliveryLogger;
  /** Absent, attempts are not observed (no METRICS_PORT). */
  observeAttempt?: AttemptObserver;
}
