import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Collection } from '@commerce/persistence';
import type { ChargeResult, PaymentPort } from '../app/orders-deps';

/**
 * The built-in test processor (docs/orders.md#the-test-payment-processor, `payment_processor: "test"`): `tok_visa`, `tok_mastercard` and
 * `tok_amex` are approved, `tok_chargeDeclined` and any other token declined. It keeps a ledger like a real
 * processor's, one entry per idempotency key, so a repeated charge answers the first result and a voided key
 * can never be charged after (the recovery sweep relies on both).
 */
export interface PaymentEntry {
  [key: string]: unknown;
  key: string;
  state: 'captured' | 'declined' | 'voided';
  amount_cents: number;
  /** The token's fingerprint, never the token. */
  token_fingerprint: string;
  reference: string;
  message: string;
  created_at: Date;
}

const APPROVED = new Set(['tok_visa', 'tok_mastercard', 'tok_amex']);

export class TestPaymentProcessor implements PaymentPort {
  static readonly collection = 'test_payments';

  readonly name = 'test';

  constructor(
    private readonly ledger: Collection<PaymentEntry>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async charge(input: { key: string; token: string; amountCents: number; description: string }): Promise<ChargeResult> {
    const approved = APPROVED.has(input.token);
    const entry = await this.record({
      key: input.key,
      state: approved ? 'captured' : 'declined',
      amount_cents: input.amountCents,
      token_fingerprint: createHash('sha256').update(input.token).digest('hex').slice(0, 16),
      reference: `ch_test_${createHash('sha256').update(input.key).digest('hex').slice(0, 24)}`,
      message: approved ? '' : input.token === 'tok_chargeDeclined' ? 'Your card was declined.' : 'The card token is not valid.',
      created_at: this.clock(),
    });
    if (entry.state === 'captured') return { approved: true, reference: entry.reference };
    return { approved: false, message: entry.state === 'voided' ? 'The payment was canceled.' : entry.message };
  }

  async voidUnlessCaptured(key: string): Promise<'captured' | 'voided'> {
    const entry = await this.record({
      key,
      state: 'voided',
      amount_cents: 0,
      token_fingerprint: '',
      reference: '',
      message: '',
      created_at: this.clock(),
    });
    return entry.state === 'captured' ? 'captured' : 'voided';
  }

  /** The key's first entry wins; later ones read it. */
  private async record(entry: PaymentEntry): Promise<PaymentEntry> {
    try {
      return await this.ledger.insertOne(entry);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const first = await this.ledger.findOne({ key: entry.key });
      if (!first) throw error;
      return first;
    }
  }
}
