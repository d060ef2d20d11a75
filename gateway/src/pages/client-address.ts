import { createHmac } from 'node:crypto';

/**
 * The client's address as the gateway saw it, for identity's sign-in throttling: the address and its HMAC
 * under a key derived from OAUTH_JWT_SECRET, which only the gateway and identity hold. identity reads them
 * in services/identity/src/http/client-address.ts (test/stack/sign-in-throttle.test.ts proves the two agree)
 * and, without a valid signature, throttles by the connection's own address.
 */
export const CLIENT_ADDRESS_HEADER = 'x-commerce-client-address';
export const CLIENT_ADDRESS_SIGNATURE_HEADER = 'x-commerce-client-address-signature';

/** The headers telling identity a client's address, signed. */
export function clientAddressSigner(oauthJwtSecret: string): (address: string) => Record<string, string> {
  const key = createHmac('sha256', oauthJwtSecret).update('commerce gateway → identity pages: client address').digest();
  return (address) => ({ [CLIENT_ADDRESS_HEADER]: address, [CLIENT_ADDRESS_SIGNATURE_HEADER]: createHmac('sha256', key).update(address).digest('base64url') });
}
