// The webhook record (DESIGN §8) and the rules on its fields that need no I/O.
import { failedPrecondition } from '@commerce/grpc-runtime';

export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** A store's webhooks at once (DESIGN §8 leaves it open; 50 is what the big platforms allow per topic or app). */
export const MAX_WEBHOOKS_PER_STORE = 50;

/** Why a webhook the owner switched off is disabled (the delivery increment adds the receiver's 410). */
export const DISABLED_BY_UPDATE = 'disabled by an update (enabled=false)';

export interface Webhook {
  id: number;
  store_id: number;
  url: string;
  events: string[];
  status: WebhookStatus;
  /** Absent while active. */
  disabled_reason?: string;
  created_at: Date;
  updated_at: Date;
}

/** A signing secret as stored: AES-256-GCM ciphertext, never the secret itself. */
export interface SealedSecret {
  /** Which key sealed it (a hash prefix of the key, not the key). */
  key_id: string;
  /** Base64. */
  iv: string;
  ciphertext: string;
  tag: string;
}

/** A disabled webhook is sent nothing on request (a retry, a ping): FAILED_PRECONDITION until it is enabled. */
export function requireActive(webhook: Pick<Webhook, 'status' | 'disabled_reason'>): void {
  if (webhook.status !== 'active')
    throw failedPrecondition(`The webhook is disabled (${webhook.disabled_reason ?? 'disabled'}); enable it first`);
}

/** What an update changes; a null `disabled_reason` is removed (the webhook is active again). */
export type WebhookUpdate = Partial<Pick<Webhook, 'url' | 'events' | 'status' | 'updated_at'>> & { disabled_reason?: string | null };

/** The fields an update sets, and those it removes, for `enabled` (absent: status unchanged). */
export function statusChange(
  current: Pick<Webhook, 'status'>,
  enabled: boolean | undefined,
): Pick<WebhookUpdate, 'status' | 'disabled_reason'> {
  if (enabled === undefined) return {};
  if (enabled) return current.status === 'active' ? {} : { status: 'active', disabled_reason: null };
  // A webhook disabled already keeps the reason it was disabled for (a 410 says more than this update).
  return current.status === 'disabled' ? {} : { status: 'disabled', disabled_reason: DISABLED_BY_UPDATE };
}

/**
 * The place a new webhook takes among the store's live ones: the lowest of 1..MAX free, or null when all are
 * taken. A unique index on (store, slot) makes the limit hold when two creates race, on any number of replicas.
 */
export function freeSlot(taken: readonly number[], max = MAX_WEBHOOKS_PER_STORE): number | null {
  const used = new Set(taken);
  for (let slot = 1; slot <= max; slot++) if (!used.has(slot)) return slot;
  return null;
}
