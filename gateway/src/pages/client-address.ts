import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_SIGNATURE_HEADER, clientAddressKey, signClientAddress } from '@commerce/config';

export { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_SIGNATURE_HEADER };

/** The headers telling identity a client's address, signed (the protocol: libs/config/src/client-address.ts). */
export function clientAddressSigner(oauthJwtSecret: string): (address: string) => Record<string, string> {
  const key = clientAddressKey(oauthJwtSecret);
  return (address) => ({ [CLIENT_ADDRESS_HEADER]: address, [CLIENT_ADDRESS_SIGNATURE_HEADER]: signClientAddress(key, address) });
}
