import { DEFAULT_TEMPLATES } from './default-templates';
import {
  changedTemplateFields,
  liquidSyntaxError,
  MAX_CONTENT_LENGTH,
  MAX_LIQUID_MARKUPS,
  normalizeTemplateInput,
  permalinkFromName,
  permalinkViolations,
  reservedPermalinks,
  validateNewTemplate,
  validateTemplateChanges,
} from './template-input';

describe('liquidSyntaxError', () => {
  it('accepts valid Liquid and plain text', () => {
    expect(liquidSyntaxError('<h1>{{ store.name | upcase }}</h1>{% for p in products %}{{ p.name }}{% endfor %}')).toBeNull();
    expect(liquidSyntaxError('')).toBeNull();
  });

  it("names the line and the parser's message", () => {
    expect(liquidSyntaxError('<p>one</p>\n<p>two</p>\n{% if x %}\n<p>four</p>')).toBe(
      'has a Liquid syntax error on line 3: tag {% if x %} not closed',
    );
    expect(liquidSyntaxError('ok\n{{ a ')).toBe('has a Liquid syntax error on line 2: output "{{ a " not closed');
    expect(liquidSyntaxError('{% nosuchtag %}')).toBe('has a Liquid syntax error on line 1: tag "nosuchtag" not found');
  });

  it('quotes an excerpt of the token it stopped at, however long', () => {
    for (const content of [
      `{% ${'x'.repeat(60_000)} %}`,
      `{% if ${'x'.repeat(60_000)} %}`,
      `{% for ${'x '.repeat(30_000)} %}{% endfor %}`,
    ]) {
      const message = liquidSyntaxError(content)!;
      expect(message).toMatch(/^has a Liquid syntax error on line 1: .*x…$/);
      expect(message.length).toBeLessThan(200);
    }
  });

  it('refuses nesting too deep to parse instead of failing', () => {
    const deep = '{% if a %}'.repeat(20_000) + '{% endif %}'.repeat(20_000);
    expect(liquidSyntaxError(deep)).toBe('is nested too deeply to be a Liquid template');
  });
});

describe('permalinks', () => {
  it.each([
    ['cart'],
    ['checkout'],
    ['orders'],
    ['products'],
    ['product'],
    ['p'],
    ['collections'],
    ['pages'],
    ['contact'],
    ['faq'],
    ['store.css'],
    ['s'],
  ])('%s is a path of the site', (permalink) => expect(permalinkViolations(permalink)).toEqual(['is reserved for a page of the site']));

  it("reserves every default template's permalink", () => {
    for (const template of DEFAULT_TEMPLATES) expect(reservedPermalinks().has(template.permalink)).toBe(true);
  });

  it.each([['about-us'], ['a'], ['shipping_policy'], ['2026-sale']])('%s is a good permalink', (permalink) =>
    expect(permalinkViolations(permalink)).toEqual([]),
  );

  it.each([['about us'], ['-about'], ['about-'], ['../etc'], ['a%2Fb'], ['a/b'], ['über'], ['About']])('%s is refused', (permalink) =>
    expect(permalinkViolations(permalink)).toEqual(['may contain only lowercase letters, digits, and inner hyphens or underscores']),
  );

  it('refuses blank and over-long permalinks', () => {
    expect(permalinkViolations('')).toEqual(["can't be blank"]);
    expect(permalinkViolations('a'.repeat(101))).toEqual(['is too long (maximum is 100 characters)']);
  });

  it('makes one from a name', () => {
    expect(permalinkFromName('About Us!')).toBe('about-us');
    expect(permalinkFromName('  Crème brûlée — recipes ')).toBe('creme-brulee-recipes');
    expect(permalinkFromName('!!!')).toBe('');
  });

  it('normalizes what the owner typed', () => {
    expect(normalizeTemplateInput({ name: '  About ', permalink: ' About-Us ', content: ' x ' })).toEqual({
      name: 'About',
      permalink: 'about-us',
      content: ' x ',
    });
  });
});

describe('validateNewTemplate', () => {
  it('accepts a good template', () => {
    expect(validateNewTemplate({ name: 'About', permalink: 'about', content: '<p>{{ store.name }}</p>' })).toEqual({});
  });

  it('names every bad field', () => {
    expect(validateNewTemplate({ name: ' ', permalink: 'cart', content: '{% for %}' })).toEqual({
      name: ["can't be blank"],
      permalink: ['is reserved for a page of the site'],
      content: ['has a Liquid syntax error on line 1: illegal tag: {% for %}'],
    });
  });

  it('refuses content over the limit without parsing it', () => {
    expect(validateNewTemplate({ name: 'Big', permalink: 'big', content: 'x'.repeat(MAX_CONTENT_LENGTH + 1) })).toEqual({
      content: [`is too long (maximum is ${MAX_CONTENT_LENGTH} characters)`],
    });
    expect(validateNewTemplate({ name: 'Big', permalink: 'big', content: 'x'.repeat(MAX_CONTENT_LENGTH) })).toEqual({});
  });

  it('refuses more Liquid tags and outputs than the limit without parsing them', () => {
    expect(
      validateNewTemplate({
        name: 'Many',
        permalink: 'many',
        content: '{{ a }}\n'.repeat(MAX_LIQUID_MARKUPS - 1) + '{% if a %}{% endif %}',
      }),
    ).toEqual({
      content: [`has too many Liquid tags and outputs (maximum is ${MAX_LIQUID_MARKUPS})`],
    });
    expect(
      validateNewTemplate({
        name: 'Many',
        permalink: 'many',
        content: '{{ a }}\n'.repeat(MAX_LIQUID_MARKUPS - 2) + '{% if a %}{% endif %}',
      }),
    ).toEqual({});
    expect(validateNewTemplate({ name: 'Braces', permalink: 'braces', content: '{ }'.repeat(10_000) })).toEqual({});
  });

  it('refuses a name over 100 characters', () => {
    expect(validateNewTemplate({ name: 'n'.repeat(101), permalink: 'n', content: '' })).toEqual({
      name: ['is too long (maximum is 100 characters)'],
    });
  });
});

describe('validateTemplateChanges', () => {
  const custom = { kind: 'custom' as const, permalink: 'about' };
  const home = { kind: 'home' as const, permalink: 'home' };

  it('checks only what is sent', () => {
    expect(validateTemplateChanges(custom, {})).toEqual({});
    expect(validateTemplateChanges(custom, { content: '{{ x' })).toEqual({
      content: ['has a Liquid syntax error on line 1: output "{{ x" not closed'],
    });
  });

  it('lets a custom template move to a free permalink, never a reserved one', () => {
    expect(validateTemplateChanges(custom, { permalink: 'about-us' })).toEqual({});
    expect(validateTemplateChanges(custom, { permalink: 'checkout' })).toEqual({ permalink: ['is reserved for a page of the site'] });
  });

  it("keeps a default template's permalink, yet lets its name and content change", () => {
    expect(validateTemplateChanges(home, { permalink: 'welcome' })).toEqual({ permalink: ["can't be changed on the home template"] });
    expect(validateTemplateChanges(home, { permalink: 'home', name: 'Start', content: '<p>hi</p>' })).toEqual({});
  });

  it('finds what differs', () => {
    expect(changedTemplateFields({ name: 'A', permalink: 'a', content: 'x' }, { name: 'A', permalink: 'b', content: 'x' })).toEqual({
      permalink: 'b',
    });
  });
});
