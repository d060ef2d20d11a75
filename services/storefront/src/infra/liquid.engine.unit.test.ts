import { Liquid } from 'liquidjs';
import { loadStorefrontAssets } from './storefront-assets';

const BUILT_IN_PAGES = loadStorefrontAssets().builtInPages;
import type { TemplateRecord } from '../domain/template';
import { LiquidPageEngine, MAX_INCLUDE_DEPTH, OVER_LIMIT_HOLD_MS } from './liquid.engine';

const AT = new Date('2026-11-01T10:00:00Z');
let nextId = 1;

function aTemplate(storeId: number, content: string, overrides: Partial<TemplateRecord> = {}): TemplateRecord {
  const id = nextId++;
  return {
    id,
    store_id: storeId,
    name: `T${id}`,
    permalink: `t-${id}`,
    content,
    kind: 'custom',
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

const siteOf = (storeId: number, ...templates: TemplateRecord[]) => ({ storeId, templates });

let engine: LiquidPageEngine;
beforeEach(() => {
  engine = new LiquidPageEngine(BUILT_IN_PAGES, { parseLimit: 100_000, renderLimit: 200, memoryLimit: 1_000_000 });
});

describe('LiquidPageEngine sandbox', () => {
  it('escapes what a template prints: buyer input and owner data alike', async () => {
    const page = aTemplate(1, '<p>{{ checkout.form.email }}</p><p>{{ product.name }}</p><a title="{{ product.name }}">x</a>');
    const html = await engine.renderTemplate(siteOf(1, page), page, {
      checkout: { form: { email: '<script>alert(1)</script>' } },
      product: { name: '"><img src=x onerror=alert(2)>' },
    });
    expect(html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</p>' +
        '<a title="&quot;&gt;&lt;img src=x onerror=alert(2)&gt;">x</a>',
    );
  });

  it('writes descriptions as escaped paragraphs, and money from cents', async () => {
    const page = aTemplate(1, '{{ text | paragraphs }}|{{ 123456 | money }}|{{ 5 | money }}');
    expect(await engine.renderTemplate(siteOf(1, page), page, { text: 'Hot <b>tea</b>\nfresh\n\nSecond & last' })).toBe(
      '<p>Hot &lt;b&gt;tea&lt;/b&gt;<br>fresh</p>\n<p>Second &amp; last</p>|$1,234.56|$0.05',
    );
  });

  describe('escapes every output once, as Shopify themes expect', () => {
    const render = async (source: string, variables: object = {}) => {
      const page = aTemplate(1, source);
      return engine.renderTemplate(siteOf(1, page), page, variables);
    };
    const name = 'Tom & "Jerry" <3 \'n\'';

    it('escape and escape_once write what Shopify writes, not escaped again', async () => {
      expect(await render("{{ '<p>Text to be escaped.</p>' | escape }}")).toBe('&lt;p&gt;Text to be escaped.&lt;/p&gt;');
      const escaped = 'Tom &amp; &quot;Jerry&quot; &lt;3 &#39;n&#39;';
      expect(await render('{{ name | escape }}|{{ name }}|{% echo name | escape %}|{% liquid echo name %}', { name })).toBe(
        `${escaped}|${escaped}|${escaped}|${escaped}`,
      );
      expect(await render("{{ '&lt;p&gt;Text to be escaped.&lt;/p&gt;' | escape_once }}")).toBe('&lt;p&gt;Text to be escaped.&lt;/p&gt;');
      expect(await render('{{ text | escape_once }}', { text: '1 < 2 &amp; 3 & 4 &copy; &#169; &#x27; "q"' })).toBe(
        '1 &lt; 2 &amp; 3 &amp; 4 &copy; &#169; &amp;#x27; &quot;q&quot;',
      );
    });

    it('newline_to_br writes <br /> tags and escapes only the text', async () => {
      expect(
        await render('{% capture string_with_newlines %}\nHello\nthere\n{% endcapture %}{{ string_with_newlines | newline_to_br }}'),
      ).toBe('<br />\nHello<br />\nthere<br />\n');
      expect(await render('{{ note | newline_to_br }}', { note: 'a < b\r\nc & d' })).toBe('a &lt; b<br />\nc &amp; d');
      expect(await render('{{ note | escape | newline_to_br }}', { note: 'a < b\nc' })).toBe('a &lt; b<br />\nc');
    });

    it('a captured block prints as it was rendered: its markup kept, its outputs escaped once', async () => {
      const source =
        '{% capture greeting %}<b>Hi {{ name }}</b>{% endcapture %}{{ greeting }}|{{ greeting | strip }}|' +
        '{% assign copy = greeting %}{{ copy }}|{{ greeting | size }}';
      const greeting = '<b>Hi Tom &amp; &quot;Jerry&quot; &lt;3 &#39;n&#39;</b>';
      expect(await render(source, { name })).toBe(`${greeting}|${greeting}|${greeting}|${greeting.length}`);
      expect(await render('{% capture x %} <i>{{ name }}</i>{% endcapture %}{{ x | upcase }}', { name: '<' })).toBe(' <I>&LT;</I>');
    });

    it('a value the template changed after escaping is escaped again, never printed raw', async () => {
      expect(await render("{{ name | escape | append: '<script>' }}", { name: '<' })).toBe('&amp;lt;&lt;script&gt;');
      expect(await render('{% capture x %}{{ name }}{% endcapture %}{{ x | append: name }}', { name: '<' })).toBe('&amp;lt;&lt;');
    });
  });

  it("writes money in the page's store.currency, in a partial `render` spawns too, and in a currency a template names", async () => {
    const partial = aTemplate(1, '{{ 1999 | money }}', { permalink: 'price' });
    const page = aTemplate(
      1,
      "{{ 1999 | money }}|{% render 'price' %}|{{ 1999 | money: order.currency }}|{{ 1999 | money: 'nope' }}|" +
        '{% assign store = fake %}{{ 5 | money }}',
    );
    const variables = { store: { currency: 'JPY' }, order: { currency: 'kwd' }, fake: { currency: 'USD' } };
    expect(await engine.renderTemplate(siteOf(1, page, partial), page, variables)).toBe('¥1,999|¥1,999|KWD\u00a01.999|¥1,999|¥5');
    expect(await engine.renderTemplate(siteOf(1, page, partial), page, {})).toBe('$19.99|$19.99|$19.99|$19.99|$0.05');
  });

  it('writes money of huge amounts as nothing rather than an exponent or wrong digits', async () => {
    const page = aTemplate(
      1,
      '[{{ 900719925474099 | money }}][{{ 100000000000000000000000 | money }}][{{ 12345678901234567890 | money }}]' +
        '[{{ 1000000 | times: 1000000000000000 | money }}]',
    );
    expect(await engine.renderTemplate(siteOf(1, page), page, {})).toBe('[$9,007,199,254,740.99][][][]');
  });

  it('reads no file: an include of a path fails instead of reading it', async () => {
    for (const source of [
      "{% include '/etc/passwd' %}",
      "{% render '../../../../etc/passwd' %}",
      "{% include 'package.json' %}",
      "{% layout '/etc/hosts' %}x",
    ]) {
      const page = aTemplate(1, source);
      await expect(engine.renderTemplate(siteOf(1, page), page, {})).rejects.toThrow(/Failed to lookup/);
    }
  });

  it("includes the store's own templates by permalink, never another store's", async () => {
    const snippet = aTemplate(1, 'snippet of store 1: {{ who }}', { permalink: 'shared-snippet' });
    const page1 = aTemplate(1, "{% include 'shared-snippet' %}");
    expect(await engine.renderTemplate(siteOf(1, snippet, page1), page1, { who: '<me>' })).toBe('snippet of store 1: &lt;me&gt;');

    const page2 = aTemplate(2, "{% include 'shared-snippet' %}");
    await expect(engine.renderTemplate(siteOf(2, page2), page2, {})).rejects.toThrow(/Failed to lookup "shared-snippet"/);
    const byRender = aTemplate(2, "{% render 'shared-snippet' %}");
    await expect(engine.renderTemplate(siteOf(2, byRender), byRender, {})).rejects.toThrow(/Failed to lookup "shared-snippet"/);
  });

  it("cannot reach the platform's own pages or JavaScript internals", async () => {
    const page = aTemplate(
      1,
      '{{ product.constructor }}|{{ product.__proto__ }}|{{ product.toString }}|{{ product.name.constructor.name }}',
    );
    expect(await engine.renderTemplate(siteOf(1, page), page, { product: { name: 'Tea' } })).toBe('|||');
    const builtIn = aTemplate(1, "{% include 'checkout' %}");
    await expect(engine.renderTemplate(siteOf(1, builtIn), builtIn, {})).rejects.toThrow(/Failed to lookup "checkout"/);
  });

  it('stops a loop bomb with an error instead of running on', async () => {
    const nested = aTemplate(
      1,
      '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}{{ k }}{% endfor %}{% endfor %}{% endfor %}',
    );
    await expect(engine.renderTemplate(siteOf(1, nested), nested, {})).rejects.toThrow(/limit exceeded/);
    const huge = aTemplate(1, '{% for i in (1..1000000000) %}x{% endfor %}');
    await expect(engine.renderTemplate(siteOf(1, huge), huge, {})).rejects.toThrow(/memory alloc limit exceeded/);
    const doubling = aTemplate(1, '{% assign s = "xx" %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}');
    await expect(engine.renderTemplate(siteOf(1, doubling), doubling, {})).rejects.toThrow(/memory alloc limit exceeded/);
  });

  it('answers a template that hit a limit with its error, without running it again, until the hold ends or it changes', async () => {
    let now = 1_000_000;
    const held = new LiquidPageEngine(BUILT_IN_PAGES, { parseLimit: 100_000, renderLimit: 100, memoryLimit: 1_000_000 }, () => now);
    const renders = jest.spyOn(Liquid.prototype, 'renderSync');
    try {
      const bomb = aTemplate(
        1,
        '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}{{ k }}{% endfor %}{% endfor %}{% endfor %}',
      );
      await expect(held.renderTemplate(siteOf(1, bomb), bomb, {})).rejects.toThrow(/render limit exceeded/);
      const runs = renders.mock.calls.length;

      await expect(held.renderTemplate(siteOf(1, bomb), bomb, {})).rejects.toThrow(/render limit exceeded/);
      expect(renders.mock.calls.length).toBe(runs);

      now += OVER_LIMIT_HOLD_MS + 1;
      await expect(held.renderTemplate(siteOf(1, bomb), bomb, {})).rejects.toThrow(/render limit exceeded/);
      expect(renders.mock.calls.length).toBe(runs + 1);

      const fixed = { ...bomb, content: 'fixed', updated_at: new Date(AT.getTime() + 1000) };
      expect(await held.renderTemplate(siteOf(1, fixed), fixed, {})).toBe('fixed');
    } finally {
      renders.mockRestore();
    }
  });

  it('stops a template that includes itself, directly or through another, with a limit error it then holds', async () => {
    const renders = jest.spyOn(Liquid.prototype, 'renderSync');
    try {
      const itself = aTemplate(1, "x{% include 'loop-a' %}", { permalink: 'loop-a' });
      await expect(engine.renderTemplate(siteOf(1, itself), itself, {})).rejects.toThrow(/include depth limit exceeded/);

      const first = aTemplate(2, "{% render 'loop-c' %}", { permalink: 'loop-b' });
      const second = aTemplate(2, "{% include 'loop-b' %}", { permalink: 'loop-c' });
      await expect(engine.renderTemplate(siteOf(2, first, second), first, {})).rejects.toThrow(/include depth limit exceeded/);
      const runs = renders.mock.calls.length;
      await expect(engine.renderTemplate(siteOf(2, first, second), first, {})).rejects.toThrow(/include depth limit exceeded/);
      expect(renders.mock.calls.length).toBe(runs);

      const byLayout = aTemplate(3, "{% layout 'loop-d' %}x", { permalink: 'loop-d' });
      await expect(engine.renderTemplate(siteOf(3, byLayout), byLayout, {})).rejects.toThrow(/include depth limit exceeded/);
      const layout = "{% include 'loop-e' %}";
      const fromLayout = aTemplate(4, "{% include 'loop-e' %}", { permalink: 'loop-e' });
      await expect(engine.renderStoreLayout(siteOf(4, fromLayout), layout, '', {})).rejects.toThrow(/include depth limit exceeded/);

      const patient = new LiquidPageEngine(BUILT_IN_PAGES, { parseLimit: 100_000, renderLimit: 60_000, memoryLimit: 1_000_000 });
      const deepInside = aTemplate(5, `${'{% if true %}'.repeat(200)}{% include 'loop-f' %}${'{% endif %}'.repeat(200)}`, {
        permalink: 'loop-f',
      });
      await expect(patient.renderTemplate(siteOf(5, deepInside), deepInside, {})).rejects.toThrow(/render depth limit exceeded/);
      const deepRuns = renders.mock.calls.length;
      await expect(patient.renderTemplate(siteOf(5, deepInside), deepInside, {})).rejects.toThrow(/render depth limit exceeded/);
      expect(renders.mock.calls.length).toBe(deepRuns);
    } finally {
      renders.mockRestore();
    }
  });

  it(`renders an include that recurses up to ${MAX_INCLUDE_DEPTH} deep, as a nested menu does`, async () => {
    const countdown = aTemplate(1, "{{ n }}{% if n > 0 %}{% assign next = n | minus: 1 %}{% render 'countdown', n: next %}{% endif %}", {
      permalink: 'countdown',
    });
    const page = (n: number) => aTemplate(1, `{% render 'countdown', n: ${n} %}`);
    const short = page(5);
    expect(await engine.renderTemplate(siteOf(1, countdown, short), short, {})).toBe('543210');
    const deepest = page(MAX_INCLUDE_DEPTH - 1);
    expect(await engine.renderTemplate(siteOf(1, countdown, deepest), deepest, {})).toBe(
      Array.from({ length: MAX_INCLUDE_DEPTH }, (_, i) => MAX_INCLUDE_DEPTH - 1 - i).join(''),
    );
    const tooDeep = page(MAX_INCLUDE_DEPTH);
    await expect(engine.renderTemplate(siteOf(1, countdown, tooDeep), tooDeep, {})).rejects.toThrow(/include depth limit exceeded/);
  });

  it('refuses a template beyond the parse limit', async () => {
    const big = aTemplate(1, 'x'.repeat(100_001));
    await expect(engine.renderTemplate(siteOf(1, big), big, {})).rejects.toThrow(/parse length limit exceeded/);
  });

  it('compiles a template again when it changed (a new updated_at), and a layout when its markup changed', async () => {
    const page = aTemplate(1, 'first');
    expect(await engine.renderTemplate(siteOf(1, page), page, {})).toBe('first');
    const changed = { ...page, content: 'second', updated_at: new Date(AT.getTime() + 1000) };
    expect(await engine.renderTemplate(siteOf(1, changed), changed, {})).toBe('second');

    expect(await engine.renderStoreLayout(siteOf(1, changed), '<main>{{ content_for_layout }}</main>', '<b>page</b>', {})).toBe(
      '<main><b>page</b></main>',
    );
    expect(await engine.renderStoreLayout(siteOf(1, changed), '<div>{{ page_content }}</div>', '<i>page</i>', {})).toBe(
      '<div><i>page</i></div>',
    );
  });

  it('sees an included template change at once', async () => {
    const snippet = aTemplate(1, 'v1', { permalink: 'snippet' });
    const page = aTemplate(1, "{% include 'snippet' %}");
    expect(await engine.renderTemplate(siteOf(1, snippet, page), page, {})).toBe('v1');
    const edited = { ...snippet, content: 'v2', updated_at: new Date(AT.getTime() + 1000) };
    expect(await engine.renderTemplate(siteOf(1, edited, page), page, {})).toBe('v2');
  });
});
