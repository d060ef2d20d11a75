import { CaptureTag, type Context, filters as builtInFilters, type FilterImplOptions, type Liquid, toValue } from 'liquidjs';
import { escapeHtml, textToParagraphs } from './html-text';

// Every output is escaped once (docs/buyer-site.md#liquid). A string the render itself wrote as HTML (what `escape`,
// `escape_once`, `newline_to_br` and `paragraphs` answer, a captured block) is printed as it is: the same characters
// are safe wherever they come from, so strings are kept as strings and every filter and comparison works on them.

interface FilterThis {
  context: Context;
}

/** The strings one render wrote as HTML, keyed by its time limiter, which `render`'s child contexts share. */
const htmlOfRender = new WeakMap<object, Set<string>>();

function markHtml(ctx: Context, html: string): string {
  let written = htmlOfRender.get(ctx.renderLimit);
  if (!written) htmlOfRender.set(ctx.renderLimit, (written = new Set()));
  written.add(html);
  return html;
}

const isHtml = (ctx: Context, value: unknown): value is string =>
  typeof value === 'string' && htmlOfRender.get(ctx.renderLimit)?.has(value) === true;

/** A value as Liquid prints it: nil empty, arrays joined. */
function textOf(value: unknown): string {
  const plain = toValue(value);
  if (plain === null || plain === undefined) return '';
  if (Array.isArray(plain)) return plain.map(textOf).join('');
  return String(plain);
}

/** Shopify's `escape_once`: escapes what `escape` does but an `&` that starts an entity (`&amp;`, `&copy;`, `&#169;`). */
export const escapeOnce = (text: string): string => text.replace(/["'<>]|&(?![a-zA-Z]+;|#\d+;)/g, (char) => escapeHtml(char));

/** What every output goes through (liquidjs `outputEscape`): HTML the render wrote as it is, anything else escaped. */
function escapeOutput(this: FilterThis, value: unknown): string {
  if (isHtml(this.context, value)) return value;
  const text = textOf(value);
  this.context.memoryLimit.use(text.length);
  return escapeHtml(text);
}

/** A filter whose answer is HTML: printed as it is, and kept as HTML by the filters below. */
function htmlFilter(write: (ctx: Context, value: unknown) => string): FilterImplOptions {
  return function (this: FilterThis, value: unknown): string {
    const html = write(this.context, value);
    this.context.memoryLimit.use(html.length);
    return markHtml(this.context, html);
  };
}

/** Filters that only trim whitespace or change case: HTML in, HTML out (no `<`, `&` or quote appears or goes). */
const HTML_KEEPING_FILTERS = ['strip', 'lstrip', 'rstrip', 'strip_newlines', 'upcase', 'downcase', 'capitalize'] as const;

function htmlKeeping(name: (typeof HTML_KEEPING_FILTERS)[number]): FilterImplOptions {
  const builtIn = builtInFilters[name]!;
  const handler = typeof builtIn === 'function' ? builtIn : builtIn.handler;
  return function (this: FilterThis, value: unknown, ...args: unknown[]): unknown {
    const answer: unknown = handler.call(this as never, value, ...args);
    return isHtml(this.context, value) && typeof answer === 'string' ? markHtml(this.context, answer) : answer;
  };
}

/** A captured block is HTML: its markup is the owner's and its outputs were escaped as it rendered. */
class HtmlCaptureTag extends CaptureTag {
  override *render(ctx: Context): Generator<unknown, void, string> {
    yield super.render(ctx);
    const captured = ctx.bottom()[this.variable];
    if (typeof captured === 'string') markHtml(ctx, captured);
  }
}

/** The option liquidjs escapes every output with. */
export const outputEscape = escapeOutput as (value: unknown) => string;

/** Registers the escaping filters and `capture` on an engine created with `outputEscape` above. */
export function escapeOutputsOnce(liquid: Liquid): void {
  const escape = htmlFilter((_, value) => escapeHtml(textOf(value)));
  liquid.registerFilter('escape', escape);
  liquid.registerFilter('xml_escape', escape);
  liquid.registerFilter(
    'escape_once',
    htmlFilter((_, value) => escapeOnce(textOf(value))),
  );
  liquid.registerFilter(
    'newline_to_br',
    htmlFilter((ctx, value) => (isHtml(ctx, value) ? value : escapeHtml(textOf(value))).replace(/\r?\n/g, '<br />\n')),
  );
  liquid.registerFilter(
    'paragraphs',
    htmlFilter((_, value) => textToParagraphs(value)),
  );
  for (const name of HTML_KEEPING_FILTERS) liquid.registerFilter(name, htmlKeeping(name));
  liquid.registerTag('capture', HtmlCaptureTag);
}
