import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The confirmation page's address, `/orders/<order id>.<mac>`: only the buyer who placed the order
 * (the checkout answered them the address) can open it, and order ids, which count up, cannot be
 * walked. The mac is an HMAC-SHA256 of the store id and the order id under a key main.ts derives
 * (HKDF) from the gateway's secret, cut to 128 bits, base64url; a token of one store does not open
 * another store's order of the same id.
 */
export class OrderTokens {
  private readonly key: Buffer;

  /** `key`: 32 bytes shared by every gateway replica; absent (tests), a random key of this process. */
  constructor(key?: Buffer) {
    this.key = key ?? randomBytes(32);
  }

  tokenOf(storeId: number, orderId: number): string {
    return `${orderId}.${this.macOf(storeId, orderId).toString('base64url')}`;
  }

  /** The order id a token names for this store, or 0 when it is not one this gateway issued for it. */
  orderIdOf(storeId: number, token: string): number {
    const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match) return 0;
    const orderId = Number(match[1]);
    if (!Number.isSafeInteger(orderId)) return 0;
    // Compared as text: base64url's last character carries spare bits, so decoding would accept four spellings.
    const given = Buffer.from(match[2]);
    const expected = Buffer.from(this.macOf(storeId, orderId).toString('base64url'));
    return timingSafeEqual(given, expected) ? orderId : 0;
  }

  private macOf(storeId: number, orderId: number): Buffer {
    return createHmac('sha256', this.key).update(`order-confirmation:${storeId}:${orderId}`).digest().subarray(0, 16);
  }
}
