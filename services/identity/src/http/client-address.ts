import { isIP } from 'node:net';
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_SIGNATURE_HEADER, isSignedClientAddress } from '@commerce/config';
import type { Request } from 'express';

export { clientAddressKey } from '@commerce/config';

/**
 * The client's address: the one the gateway signed when the request came through it (libs/config/src/client-address.ts),
 * else the socket's (the pages reached directly). IPv4-mapped IPv6 addresses read as IPv4, so one client has one address.
 */
export function clientAddressReader(key: Buffer): (req: Request) => string {
  return (req) => normalize(signedAddress(req, key) ?? req.socket.remoteAddress ?? '');
}

function signedAddress(req: Request, key: Buffer): string | undefined {
  const address = req.headers[CLIENT_ADDRESS_HEADER];
  const signature = req.headers[CLIENT_ADDRESS_SIGNATURE_HEADER];
  if (typeof address !== 'string' || typeof signature !== 'string' || !isIP(address)) return undefined;
  return isSignedClientAddress(key, address, signature) ? address : undefined;
}

const normalize = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
