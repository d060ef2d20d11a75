import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { TraceCarrier } from '@commerce/tracing';
import { deliveryBody } from '../domain/delivery';
import type { StoredEventDocument } from '../infra/delivery.documents';
import type { WebhookDocument } from '../infra/webhook.repository';
import type { SigningSecrets } from './webhooks-deps';
import { secretOwnerOf } from './webhook-message';

/**
 * Events (and webhooks' signers) kept in memory: an event goes to each of its store's webhooks, so it is read and
 * rendered once, not once per webhook.
 */
const KEPT = 1_000;

/** What a delivery sends of a kept event: its id and topic (headers) and its request body; the trace its sends join. */
export interface EventToSend {
  event: Pick<StoredEventDocument, 'id' | 'topic'>;
  body: string;
  trace?: TraceCarrier;
}

/**
 * What the worker would otherwise read, decode, render or decrypt again for every delivery: stored events (never
 * changed once stored) with their body, and a signer per sealed secret (a new secret is a new seal). Both are
 * bounded; the oldest entries go first.
 */
export class DeliveryCache {
  private readonly events = new Map<string, EventToSend>();
  private readonly signers = new Map<string, StandardWebhook>();
  private signersOf?: SigningSecrets;

  async event(id: string, find: (id: string) => Promise<StoredEventDocument | null>): Promise<EventToSend | null> {
    const kept = this.events.get(id);
    if (kept) return kept;
    const event = await find(id);
    if (!event) return null;
    const entry = {
      event: { id: event.id, topic: event.topic },
      body: deliveryBody(event),
      ...(event.trace ? { trace: event.trace } : {}),
    };
    keep(this.events, id, entry);
    return entry;
  }

  /** The webhook's signer; throws when its secret does not open (a key that changed). */
  signer(webhook: WebhookDocument, secrets: SigningSecrets): StandardWebhook {
    if (this.signersOf !== secrets) {
      this.signers.clear();
      this.signersOf = secrets;
    }
    const sealed = webhook.signing_secret;
    const key = `${webhook.id}|${sealed.key_id}|${sealed.iv}|${sealed.ciphertext}|${sealed.tag}`;
    let signer = this.signers.get(key);
    if (!signer) {
      signer = new StandardWebhook(secrets.open(sealed, secretOwnerOf(webhook)));
      keep(this.signers, key, signer);
    }
    return signer;
  }
}

function keep<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= KEPT) map.delete(map.keys().next().value!);
  map.set(key, value);
}
