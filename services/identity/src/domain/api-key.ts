import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Recognisable in logs and secret scanners; the rest is 256 random bits. */
export const API_KEY_PREFIX = 'sck_';

export interface IssuedApiKey {
  /** Shown once to the owner; never stored. */
  plaintext: string;
  hash: string;
  keyId: string;
}

/** A fast hash suffices: the key is 256 random bits, so it cannot be guessed from its hash. */
export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext).digest('hex');
}

export function issueApiKey(): IssuedApiKey {
  const plaintext = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { plaintext, hash: hashApiKey(plaintext), keyId: randomUUID() };
}

export function looksLikeApiKey(candidate: string): boolean {
  return candidate.startsWith(API_KEY_PREFIX) && candidate.length === API_KEY_PREFIX.length + 43;
}
