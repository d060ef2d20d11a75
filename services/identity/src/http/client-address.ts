import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The gateway's pages proxy (gateway/src/pages/client-address.ts) tells identity the address it saw in
 * these two headers, dropping any copy the client sent: the address, and its HMAC under a key derived
 * from OAUTH_JWT_SECRET, which only identity and the gateway hold. X-Forwarded-For is never read: a
 * client writes it as easily as the gateway.
 */
export const CLIENT_ADDRESS_HEADER = 'x-commerce-client-address';
export const CLIENT_ADDRESS_SIGNATURE_HEADER = 'x-commerce-client-address-signature';

/** The proxy's own key, so the signing secret itself signs nothing but tokens. */
export function clientAddressKey(oauthJwtSecret: string): Buffer {
  return createHmac('sha256', oauthJwtSecret).update('commerce gateway → identity pages: client address').digest();
}

export function signClientAddress(key: Buffer, address: string): string {
  return createHmac('sha256', key).update(address).digest('base64url');
}

/**
 * The client's address: the one the gateway signed when the request came through it, else the socket's
 * (the pages reached directly). IPv4-mapped IPv6 addresses read as IPv4, so one client has one address.
 */
export function clientAddressReader(key: Buffer): (req: Request) => string {
  return (req) => normalize(signedAddress(req, key) ?? req.socket.remoteAddress ?? '');
}

function signedAddress(req: Request, key: Buffer): string | undefined {
  const address = req.headers[CLIENT_ADDRESS_HEADER];
  const signature = req.headers[CLIENT_ADDRESS_SIGNATURE_HEADER];
  if (typeof address !== 'string' || typeof signature !== 'string' || !isIP(address)) return undefined;
  const expected = Buffer.from(signClientAddress(key, address));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : undefined;
}

const normalize = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
