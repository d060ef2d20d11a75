// The webhook record (docs/webhooks.md#the-record) and the rules on its fields that need no I/O.
import { failedPrecondition, type FieldViolations } from '@commerce/grpc-runtime';
import { z } from 'zod';
import { checkTopics } from './webhook-topics';
import { parseOutboundUrl, type OutboundTarget } from '@commerce/outbound-address';

export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** A store's webhooks at once (our choice, docs/webhooks.md#rules-and-errors; 50 is what the big platforms allow per topic or app). */
export const MAX_WEBHOOKS_PER_STORE = 50;

/** Why a webhook the owner switched off is disabled (the delivery increment adds the receiver's 410). */
export const DISABLED_BY_UPDATE = 'disabled by an update (enabled=false)';

/**
 * A webhook's fields an owner gives, declared once (docs/architecture.md#one-description-per-record): what a create takes,
 * what an update may change (absent = unchanged), the rules on each and their messages. `topics` are those a webhook may
 * name; `refusal` says why a url's target may not receive webhooks (it resolves the host: app/webhook-fields.ts), or null.
 */
export function webhookFields(topics: ReadonlySet<string>, refusal: (target: OutboundTarget) => Promise<string | null>) {
  return z.object({
    /** Trimmed; absolute http(s) to a public address. */
    url: z.string().transform(async (text, context) => {
      const target = parseOutboundUrl(text);
      const violation = 'violation' in target ? target.violation : await refusal(target);
      if (violation) context.addIssue({ code: 'custom', message: violation });
      return 'violation' in target ? text : target.url;
    }),
    /** Trimmed, duplicates removed (first place kept), at least one, each a public topic or wildcard. */
    events: z.array(z.string()).transform((events, context) => {
      const violations: FieldViolations = {};
      const checked = checkTopics(violations, events, topics);
      for (const message of violations.events ?? []) context.addIssue({ code: 'custom', message });
      return checked;
    }),
  });
}

/** What a create takes: every field. */
export type NewWebhookInput = z.input<ReturnType<typeof webhookFields>>;
type WebhookFields = z.output<ReturnType<typeof webhookFields>>;

/** The owner's fields, and what the service keeps with them. */
export interface Webhook extends WebhookFields {
  id: number;
  store_id: number;
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
export type WebhookUpdate = Partial<WebhookFields> & Partial<Pick<Webhook, 'status' | 'updated_at'>> & { disabled_reason?: string | null };

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
