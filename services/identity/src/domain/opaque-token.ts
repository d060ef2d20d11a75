import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Prefixes make each kind of secret recognisable in logs and to secret scanners; the rest is 256
 * random bits, so a fast hash is enough to store it (it cannot be guessed back from the hash).
 */
export const TOKEN_PREFIX = {
  clientSecret: 'scs_',
  refreshToken: 'scr_',
  authorizationCode: 'scc_',
} as const;

export interface OpaqueToken {
  /** Shown once to whoever receives it; never stored. */
  plaintext: string;
  hash: string;
}

export function hashOpaqueToken(plaintext: string): string {
  return createHash('sha256').update(plaintext).digest('hex');
}

export function newOpaqueToken(prefix: string): OpaqueToken {
  const plaintext = prefix + randomBytes(32).toString('base64url');
  return { plaintext, hash: hashOpaqueToken(plaintext) };
}

/** A public identifier (client id): random, but not a secret. */
export function newClientId(): string {
  return `sca_${randomBytes(16).toString('base64url')}`;
}

/** Constant-time comparison of a candidate secret with a stored hash. */
export function matchesHash(candidate: string, storedHash: string): boolean {
  const actual = Buffer.from(hashOpaqueToken(candidate), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
