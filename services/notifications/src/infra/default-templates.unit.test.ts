import { sampleVariables } from '../app/sample-order';
import { EMAIL_KINDS } from '../domain/email-kinds';
import { loadDefaultTemplates } from './default-templates';
import { LiquidEmailRenderer } from './liquid-email.renderer';

const store = { id: 7, name: 'Tea & Co', email: 'help@tea.test', url: 'https://tea.test', currency: 'USD' };
const renderer = new LiquidEmailRenderer();
const defaults = loadDefaultTemplates();
const variables = sampleVariables(store);

describe('the default templates', () => {
  it.each(EMAIL_KINDS)('%s passes the checks an update makes, and renders the sample with the order number in its subject', (kind) => {
    expect(renderer.check(defaults[kind])).toEqual([]);
    const content = renderer.render(defaults[kind], variables);
    expect(content.subject).toContain('#1001');
    expect(content.html).toContain('max-width:600px');
    expect(content.html).toContain('Tea &amp; Co');
    expect(content.text).toContain('Tea & Co');
  });

  it('confirms an order line by line, with its discount, shipping class, tax, total and address', () => {
    const { html, text } = renderer.render(defaults.order_confirmation, variables);
    expect(html).toContain('Ann Lee');
    for (const line of ['Classic Tee', 'Large', '× 2', '$24.00', 'Enamel Mug', 'Subtotal $33.00', 'Discounts -$3.00']) {
      expect(text).toContain(line);
    }
    expect(text).toContain('Shipping (Standard) $5.00');
    expect(text).toContain('Tax $3.00');
    expect(text).toContain('Total $38.00');
    expect(text).toContain('Portland, OR 97201');
    expect(html).toContain('href="https://tea.test"');
  });

  it('tells the shipment, the refund and the cancellation; alerts the store with the buyer', () => {
    const shipped = renderer.render(defaults.shipping_confirmation, variables).text;
    expect(shipped).toContain('Tracking number: 1Z999AA10123456784 (UPS)');
    expect(shipped).toContain('Thanks for shopping with us!');
    expect(renderer.render(defaults.refund_notice, variables).text).toContain('refunded $9.00');
    expect(renderer.render(defaults.cancellation_notice, variables).subject).toBe('Your order #1001 has been canceled');
    const alert = renderer.render(defaults.new_order_alert, variables);
    expect(alert.subject).toBe('New order #1001 from Ann Lee: $38.00');
    expect(alert.text).toContain('ann.lee@example.com');
  });

  it('writes amounts in the store currency', () => {
    const yen = renderer.render(defaults.order_confirmation, sampleVariables({ ...store, currency: 'JPY' }));
    expect(yen.text).toContain('Total ¥38');
  });
});
