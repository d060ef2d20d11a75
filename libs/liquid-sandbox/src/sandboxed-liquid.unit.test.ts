import { sandboxedLiquid } from './sandboxed-liquid';

describe('sandboxedLiquid', () => {
  it('escapes every output once, and writes money in the currency named, else the default given', () => {
    const liquid = sandboxedLiquid({}, undefined, { defaultCurrency: () => 'EUR' });
    const markup = '{{ name }} {{ name | escape }} {{ 1999 | money }} {{ 1999 | money: "jpy" }}';
    expect(liquid.parseAndRenderSync(markup, { name: '<b>&' })).toBe('&lt;b&gt;&amp; &lt;b&gt;&amp; €19.99 ¥1,999');
  });

  it('prints text as it is when told not to escape (an e-mail subject), and writes dollars without a default', () => {
    expect(sandboxedLiquid({}, undefined, { escapeOutputs: false }).parseAndRenderSync('{{ name }} {{ 5 | money }}', { name: '<b>' })).toBe(
      '<b> $0.05',
    );
  });

  it('includes only the templates given, and reads only own properties', () => {
    const liquid = sandboxedLiquid({ greeting: 'hi {{ who }}' });
    expect(liquid.parseAndRenderSync("{% render 'greeting', who: 'Ann' %}|{{ list.constructor }}", { list: [] })).toBe('hi Ann|');
    expect(() => liquid.parseAndRenderSync("{% include '/etc/hostname' %}")).toThrow();
  });

  it('ends a runaway render at the limits given', () => {
    const liquid = sandboxedLiquid({}, { parseLimit: 1_000, renderLimit: 50, memoryLimit: 1_000_000 });
    expect(() => liquid.parseAndRenderSync('{% for i in (1..10000) %}{% for j in (1..10000) %}{% endfor %}{% endfor %}')).toThrow(
      /limit exceeded/,
    );
    expect(() => liquid.parse('x'.repeat(1_001))).toThrow(/limit exceeded/);
  });
});
