import { createHash } from 'node:crypto';

/** A code as stored: only its hash, bound to the client, redirect URI, user, scopes and PKCE challenge. */
export type AuthorizationCodeRecord = {
  code_hash: string;
  client_id: string;
  user_id: number;
  redirect_uri: string;
  scopes: string[];
  /** Empty when the client sent no PKCE challenge. */
  code_challenge: string;
  expires_at: Date;
  used_at: Date | null;
  /** Filters use this flag: null does not match alike on every engine. */
  used: boolean;
  /** The grant the first exchange created; a second use revokes it. */
  grant_id: number;
  created_at: Date;
};

/** RFC 7636 §4.1: 43 to 128 unreserved characters; an S256 challenge has the same alphabet. */
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

export const isPkceValue = (value: string): boolean => PKCE_VALUE.test(value);

/** RFC 7636 §4.6, S256 only: BASE64URL(SHA256(verifier)) must equal the challenge. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!isPkceValue(verifier)) return false;
  return createHash('sha256').update(verifier, 'ascii').digest('base64url') === challenge;
}
