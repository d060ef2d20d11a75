import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Collection } from '@commerce/persistence';
import type { ChargeResult, PaymentPort, RefundResult } from '../app/orders-deps';

/**
 * The built-in test processor (docs/orders.md#the-test-payment-processor, `payment_processor: "test"`): `tok_visa`, `tok_mastercard` and
 * `tok_amex` are approved, `tok_chargeDeclined` and any other token declined; `tok_refundDeclined` charges fine but
 * every refund of its charge is declined. It keeps a ledger like a real processor's, one entry per idempotency key,
 * so a repeated charge answers the first result and a voided key can never be charged after (the recovery sweep
 * relies on both); refunds have their own ledger, one entry per refund key, never more than the charge captured.
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

/** One refund at the test processor, per refund key. */
export interface RefundEntry {
  [key: string]: unknown;
  key: string;
  charge_key: string;
  state: 'refunded' | 'declined';
  amount_cents: number;
  reference: string;
  message: string;
  created_at: Date;
}

const REFUND_DECLINED = 'tok_refundDeclined';
const APPROVED = new Set(['tok_visa', 'tok_mastercard', 'tok_amex', REFUND_DECLINED]);
const fingerprintOf = (token: string): string => createHash('sha256').update(token).digest('hex').slice(0, 16);
const referenceOf = (prefix: string, key: string): string =>
  `${prefix}_test_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

export class TestPaymentProcessor implements PaymentPort {
  static readonly collection = 'test_payments';
  static readonly refundsCollection = 'test_payment_refunds';

  readonly name = 'test';

  constructor(
    private readonly ledger: Collection<PaymentEntry>,
    private readonly refunds: Collection<RefundEntry>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async charge(input: { key: string; token: string; amountCents: number; description: string }): Promise<ChargeResult> {
    const approved = APPROVED.has(input.token);
    const entry = await this.record({
      key: input.key,
      state: approved ? 'captured' : 'declined',
      amount_cents: input.amountCents,
      token_fingerprint: fingerprintOf(input.token),
      reference: referenceOf('ch', input.key),
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

  async refund(input: { chargeKey: string; refundKey: string; amountCents: number }): Promise<RefundResult> {
    const first = await this.refunds.findOne({ key: input.refundKey });
    if (first) return refundResult(first);
    const declined = await this.refundRefusal(input);
    const entry: RefundEntry = {
      key: input.refundKey,
      charge_key: input.chargeKey,
      state: declined ? 'declined' : 'refunded',
      amount_cents: input.amountCents,
      reference: declined ? '' : referenceOf('re', input.refundKey),
      message: declined ?? '',
      created_at: this.clock(),
    };
    try {
      return refundResult(await this.refunds.insertOne(entry));
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const raced = await this.refunds.findOne({ key: input.refundKey });
      if (!raced) throw error;
      return refundResult(raced);
    }
  }

  /** Why the processor refuses the refund, or null: no captured charge, the refund-declining card, more than is left. */
  private async refundRefusal(input: { chargeKey: string; amountCents: number }): Promise<string | null> {
    const charge = await this.ledger.findOne({ key: input.chargeKey });
    if (charge?.state !== 'captured') return 'There is no captured charge to refund.';
    if (charge.token_fingerprint === fingerprintOf(REFUND_DECLINED)) return 'The card issuer declined the refund.';
    const earlier = await this.refunds.find({ charge_key: input.chargeKey, state: 'refunded' });
    const refunded = earlier.reduce((total, entry) => total + entry.amount_cents, 0);
    if (refunded + input.amountCents > charge.amount_cents) return 'The refund is more than what is left of the charge.';
    return null;
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

const refundResult = (entry: RefundEntry): RefundResult =>
  entry.state === 'refunded' ? { approved: true, reference: entry.reference } : { approved: false, message: entry.message };
