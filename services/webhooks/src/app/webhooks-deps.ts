import type { StorefrontPort, StoreZoneRepository } from '@commerce/store-zones';
import type { WebhookRepository } from '../infra/webhook.repository';

/** A signing secret as stored: AES-256-GCM ciphertext, never the secret itself. */
export interface SealedSecret {
  /** Which key sealed it (a hash prefix of the key, not the key). */
  key_id: string;
  /** Base64. */
  iv: string;
  ciphertext: string;
  tag: string;
}

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

export interface WebhooksDeps {
  webhooks: WebhookRepository;
  /** The store-zone projection (@commerce/store-zones): `zones` and `storefront` are what storeZone() reads. */
  zones: StoreZoneRepository;
  storefront: StorefrontPort;
  secrets: SigningSecrets;
  resolver: HostResolver;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: any address may receive webhooks (nothing is resolved at creation). */
  allowPrivateNetworks: boolean;
  /** The webhook topics a subscription may name: the public topics and their wildcards. */
  topics: ReadonlySet<string>;
  nextId: (counter: 'webhooks') => Promise<number>;
  clock: () => Date;
}
