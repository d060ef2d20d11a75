import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SigningSecrets } from '../app/webhooks-deps';
import type { SealedSecret } from '../domain/webhook';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const SECRET_BYTES = 24;

/**
 * Signing secrets (Standard Webhooks `whsec_` + base64 of 24 random bytes), kept encrypted at rest with
 * AES-256-GCM: a random IV per secret, the key's id beside the ciphertext (so a later key rotation can tell which
 * key sealed it), and the webhook it belongs to as associated data (a sealed secret copied to another webhook
 * does not open).
 */
export class SecretBox implements SigningSecrets {
  private readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 16);
  }

  generate(): string {
    return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
  }

  seal(secret: string, owner: string): SealedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv).setAAD(Buffer.from(owner, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return {
      key_id: this.keyId,
      iv: iv.toString('base64'),
      ciphertext: ciphertext.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
    };
  }

  open(sealed: SealedSecret, owner: string): string {
    if (sealed.key_id !== this.keyId)
      throw new Error(`the secret was sealed with key ${sealed.key_id}, not with the configured key ${this.keyId}`);
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(sealed.iv, 'base64')).setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  }
}
