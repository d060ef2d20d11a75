import { receiptVariables, type OrderReceipt } from '../domain/order-receipt';
import type { OrderSummary } from '../domain/order-summary';
import { orderVariables } from '../domain/page-forms';
import { LiquidPageEngine } from './liquid.engine';
import { loadStorefrontAssets } from './storefront-assets';

const engine = new LiquidPageEngine(loadStorefrontAssets().builtInPages);

const anOrder = (email = 'ada@example.com'): OrderSummary => ({
  id: 31,
  status: 'open',
  email,
  subtotal: 2500,
  shipping: 600,
  tax: 0,
  discounts: 0,
  total: 3100,
  currency: 'USD',
  paid: true,
  created_at: new Date('2026-11-26T12:00:00Z'),
  user_note: '',
  shipping_class_name: 'Standard',
  address: {
    name: 'Ada Lovelace',
    address_1: '1 Main St',
    address_2: '',
    city: 'Springfield',
    state: 'IL',
    postal: '12345',
    country: 'US',
  },
  items: [],
});

/** The confirmation page's sentence about the receipt e-mail, for notifications' answer (null: no answer). */
async function receiptSentence(receipt: OrderReceipt | null, order = anOrder()): Promise<string> {
  const page = await engine.renderBuiltIn('confirmation', {
    links: { home: '/' },
    order: orderVariables(order),
    receipt: receiptVariables(receipt, order.email),
  });
  const sentence = /<p id="order-receipt">(.*?)<\/p>/s.exec(page);
  if (!sentence) throw new Error(`no #order-receipt on the page:\n${page}`);
  return sentence[1]!;
}

describe("the confirmation page's sentence about the receipt e-mail", () => {
  it.each([
    ['sending', 'A receipt goes to buyer@example.com.'],
    ['sent', 'A receipt was sent to buyer@example.com.'],
    ['failed', "We could not send a receipt to buyer@example.com: keep this page's address to see your order again."],
    ['kept', "This shop sends no e-mail from here: keep this page's address to see your order again."],
  ])('says what notifications answers, %s: "%s"', async (state, sentence) => {
    expect(await receiptSentence({ state, to: 'buyer@example.com' })).toBe(sentence);
  });

  it('promises nothing and claims nothing about e-mail when notifications does not answer, or answers an unknown state', async () => {
    expect(await receiptSentence(null)).toBe("Keep this page's address to see your order again.");
    expect(await receiptSentence({ state: 'queued', to: 'buyer@example.com' })).toBe("Keep this page's address to see your order again.");
  });

  it("names the order's e-mail when the answer names no recipient, escaped as every value a page prints", async () => {
    expect(await receiptSentence({ state: 'sent', to: '' })).toBe('A receipt was sent to ada@example.com.');
    expect(await receiptSentence({ state: 'sending', to: '' }, anOrder('"<b>"@example.com'))).toBe(
      'A receipt goes to &quot;&lt;b&gt;&quot;@example.com.',
    );
  });
});
