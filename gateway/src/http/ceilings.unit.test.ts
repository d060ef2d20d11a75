import { checkoutInput } from '../routes/buyer/checkout.schemas';
import { createCollectionInput } from '../routes/v1/catalog/collection.schemas';
import { createProductInput } from '../routes/v1/catalog/product.schemas';
import { shipOrderInput } from '../routes/v1/orders/orders.schemas';
import { createShippingClassInput } from '../routes/v1/shipping/shipping.schemas';
import { createTemplateInput } from '../routes/v1/store-templates.schemas';
import { updateStoreInput } from '../routes/v1/store.schemas';
import { createWebhookInput } from '../routes/v1/webhooks/webhooks.schemas';
import { CEILINGS } from './ceilings';
import { parseInput } from './coerce';

/** The 422's field errors, or undefined when the input passes. */
function refusal(schema: Parameters<typeof parseInput>[0], params: Record<string, unknown>): Record<string, string[]> | undefined {
  try {
    parseInput(schema, params);
    return undefined;
  } catch (error) {
    return (error as { fieldErrors: Record<string, string[]> }).fieldErrors;
  }
}

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('input ceilings: sizes no field can use are refused before any call', () => {
  it('refuses a topic list given as one 32,000-character string, and 4,000 topics', () => {
    const url = 'https://example.com/hooks';
    expect(refusal(createWebhookInput, { url, events: 'x'.repeat(32_000) })).toEqual({
      'events[0]': [`is too long (maximum is ${CEILINGS.lineChars} characters)`],
    });
    const many = ids(4_000)
      .map((index) => `bad/topic${index}`)
      .join(',');
    expect(refusal(createWebhookInput, { url, events: many })).toEqual({ events: [`must have at most ${CEILINGS.shortListItems} items`] });
    expect(refusal(createWebhookInput, { url, events: 'order/paid' })).toBeUndefined();
  });

  it('refuses 3,000 country codes and 5,000 order items to ship', () => {
    expect(refusal(createShippingClassInput, { name: 'Standard', countries: ids(3_000).map(() => 'ZZ') })).toEqual({
      countries: ['must have at most 250 items'],
    });
    expect(refusal(shipOrderInput, { items: ids(5_000).join(',') })).toEqual({ items: ['must have at most 250 items'] });
  });

  it('takes a template, CSS and layout up to 256 KiB, and no more', () => {
    expect(refusal(createTemplateInput, { name: 'About', content: 'a'.repeat(CEILINGS.documentChars) })).toBeUndefined();
    expect(refusal(createTemplateInput, { name: 'About', content: 'a'.repeat(CEILINGS.documentChars + 1) })).toEqual({
      content: ['is too long (maximum is 262144 characters)'],
    });
    expect(refusal(updateStoreInput, { css: 'a'.repeat(CEILINGS.documentChars + 1) })).toEqual({
      css: ['is too long (maximum is 262144 characters)'],
    });
  });

  it('takes 10,000 collection members and free text of 65,535 characters by default, and no more', () => {
    expect(refusal(createCollectionInput, { name: 'All', products: ids(CEILINGS.listItems) })).toBeUndefined();
    expect(refusal(createCollectionInput, { name: 'All', products: ids(CEILINGS.listItems + 1) })).toEqual({
      products: ['must have at most 10000 items'],
    });
    expect(refusal(createProductInput, { name: 'Tea', cents: 100, description: 'd'.repeat(CEILINGS.textChars + 1) })).toEqual({
      description: ['is too long (maximum is 65535 characters)'],
    });
  });

  it("bounds the buyer's checkout the same way", () => {
    const line = { variant_id: 1, quantity: 1 };
    expect(refusal(checkoutInput, { email: 'e'.repeat(CEILINGS.lineChars + 1), items: [line] })).toEqual({
      email: ['is too long (maximum is 2048 characters)'],
    });
    expect(refusal(checkoutInput, { items: ids(CEILINGS.shortListItems + 1).map(() => line) })).toEqual({
      items: ['must have at most 250 items'],
    });
  });

  it('answers 20 violations and the count of the rest when every element of a long list is wrong', () => {
    const errors = refusal(createCollectionInput, { name: 'All', products: ids(5_000).map(() => 'x') })!;
    expect(Object.keys(errors)).toHaveLength(20);
    expect(errors['products[0]']).toEqual(['must be an integer']);
  });
});
