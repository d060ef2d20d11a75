import { DomainError } from '@commerce/grpc-runtime';
import { sampleVariables } from '../app/sample-order';
import { LiquidEmailRenderer, oneLine } from './liquid-email.renderer';

const store = { id: 7, name: 'Tea & Co', email: 'help@tea.test', url: 'https://tea.test', currency: 'USD' };
const variables = sampleVariables(store);
const withBuyerNamed = (name: string) => {
  const order = variables.order as { address: Record<string, unknown> };
  return { ...variables, order: { ...variables.order, address: { ...order.address, name } } };
};

/** The field violations a render refused with, by field. */
function violationsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).fieldViolations ?? {};
  }
  throw new Error('the render did not fail');
}

describe('LiquidEmailRenderer', () => {
  const renderer = new LiquidEmailRenderer();

  it('escapes what a buyer typed in the HTML body, and the text part prints it as typed', () => {
    const content = renderer.render(
      { subject: 'Hi', body: '<p>Thanks, {{ order.address.name }}!</p>' },
      withBuyerNamed('<script>alert(1)</script>'),
    );
    expect(content.html).toBe('<p>Thanks, &lt;script&gt;alert(1)&lt;/script&gt;!</p>');
    expect(content.text).toBe('Thanks, <script>alert(1)</script>!');
  });

  it('keeps a subject on one line: no value can add a header', () => {
    const content = renderer.render(
      { subject: 'Thanks {{ order.address.name }}', body: '' },
      withBuyerNamed('Mal\r\nBcc: x@evil.test\t <b>'),
    );
    expect(content.subject).toBe('Thanks Mal Bcc: x@evil.test <b>');
    expect(oneLine(` a\u0000b\u2028c ${'x'.repeat(400)}`)).toBe(`a b c ${'x'.repeat(244)}`);
  });

  it('writes links as "text [url]" in the text part, and money in the order currency', () => {
    const content = renderer.render(
      { subject: '', body: '<p><a href="{{ store.url }}/orders">Your order</a>: {{ order.subtotal | money: order.currency }}</p>' },
      sampleVariables({ ...store, currency: 'JPY' }),
    );
    expect(content.text).toBe('Your order [https://tea.test/orders]: ¥33');
  });

  it('stops an endless loop at the time limit with a 422 on the body', () => {
    const endless = '{% for i in (1..10000) %}{% for j in (1..10000) %}{% assign k = j %}{% endfor %}{% endfor %}';
    const started = Date.now();
    const violations = violationsOf(() => renderer.render({ subject: 'Order', body: endless }, variables));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(Object.keys(violations)).toEqual(['body']);
    expect(violations.body![0]).toMatch(/limit exceeded/);
  });

  it('refuses a subject that fails as it renders on the subject', () => {
    const memoryBound = new LiquidEmailRenderer({ parseLimit: 100_000, renderLimit: 1_000, memoryLimit: 1_000 });
    const violations = violationsOf(() =>
      memoryBound.render({ subject: '{% for i in (1..100000) %}{{ i }}{% endfor %}', body: '<p>ok</p>' }, variables),
    );
    expect(Object.keys(violations)).toEqual(['subject']);
  });

  it('checks markup without rendering: a bad parse and a length over the cap, each on its field', () => {
    expect(renderer.check({ subject: 'Order #{{ order.id }}', body: '<p>{{ order.price }}</p>' })).toEqual([]);
    const problems = renderer.check({ subject: 'Order {{ order.id', body: '{% if order.id %}<p>open' });
    expect(problems.map(({ field }) => field)).toEqual(['subject', 'body']);
    expect(problems.every(({ description }) => description.length > 0 && !description.includes('\n'))).toBe(true);
    expect(renderer.check({ body: '{% for i in order.items %}' })).toEqual([{ field: 'body', description: expect.any(String) }]);
    expect(renderer.check({ subject: 'x'.repeat(1_001), body: 'y'.repeat(100_000) })).toEqual([
      { field: 'subject', description: 'is longer than 1,000 characters' },
    ]);
    expect(renderer.check({ body: 'y'.repeat(100_001) })).toEqual([{ field: 'body', description: 'is longer than 100,000 characters' }]);
  });

  it('reads no file and no inherited property', () => {
    expect(renderer.render({ subject: '[{{ order.constructor }}]', body: '' }, variables).subject).toBe('[]');
    expect(Object.keys(violationsOf(() => renderer.render({ subject: '', body: "{% include '/etc/hostname' %}" }, variables)))).toEqual([
      'body',
    ]);
  });
});
