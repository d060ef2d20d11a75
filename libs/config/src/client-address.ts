import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How the gateway tells identity's pages the client address it saw, so sign-in throttling counts real clients
 * (issue 12): the address and its HMAC under a key derived from OAUTH_JWT_SECRET, which only the two hold. One
 * definition, like `oauthTokenSettings`, so the two sides cannot drift apart. X-Forwarded-For is never trusted: a
 * client writes it as easily as the gateway.
 */
export const CLIENT_ADDRESS_HEADER = 'x-commerce-client-address';
export const CLIENT_ADDRESS_SIGNATURE_HEADER = 'x-commerce-client-address-signature';

/** The key the address is signed with, derived so the token-signing secret itself signs nothing but tokens. */
export function clientAddressKey(oauthJwtSecret: string): Buffer {
  return createHmac('sha256', oauthJwtSecret).update('commerce gateway → identity pages: client address').digest();
}

export function signClientAddress(key: Buffer, address: string): string {
  return createHmac('sha256', key).update(address).digest('base64url');
}

/** Whether the signature is the key's for this address (compared in constant time). */
export function isSignedClientAddress(key: Buffer, address: string, signature: string): boolean {
  const expected = Buffer.from(signClientAddress(key, address));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
