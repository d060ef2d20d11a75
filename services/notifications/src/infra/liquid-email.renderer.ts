import { convert, type HtmlToTextOptions } from 'html-to-text';
import type { Liquid, Template } from 'liquidjs';
import { validationFailed } from '@commerce/grpc-runtime';
import { DEFAULT_LIQUID_LIMITS, type LiquidLimits, sandboxedLiquid } from '@commerce/liquid-sandbox';
import type { EmailContent, EmailRenderer, EmailVariables, TemplateMarkup } from '../app/notifications-deps';

type Field = keyof TemplateMarkup;

/** The longest markup a template may hold, by field (docs/notifications.md#the-sandbox). */
export const MAX_MARKUP_LENGTH: Readonly<Record<Field, number>> = { subject: 1_000, body: 100_000 };
/** The longest subject a message is sent with: a header line stays well within what every server takes. */
export const MAX_SUBJECT_LENGTH = 250;
/** Compiled markup kept per field (least recently used dropped first): the defaults and the stores' own. */
const MAX_CACHED_TEMPLATES = 1_000;

// The text part, derived from the HTML (docs/notifications.md#templates): links as "text [url]", images left out, and
// e-mail's layout tables as lines: a row a line, its cells one after the other ("Subtotal $33.00").
const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: 78,
  formatters: {
    tableCell: (elem, walk, builder) => {
      walk(elem.children, builder);
      builder.addLiteral(' ');
    },
  },
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'td', format: 'tableCell' },
    { selector: 'th', format: 'tableCell' },
  ],
};

/** A rendered subject as one line of plain text: no control character (CR, LF, tab...) can start a header of its own. */
export function oneLine(subject: string): string {
  const line = subject
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...line].slice(0, MAX_SUBJECT_LENGTH).join('').trimEnd();
}

/**
 * E-mail in the buyer site's Liquid sandbox (docs/notifications.md#the-sandbox): the body with every output
 * HTML-escaped, the subject unescaped (plain text, made one line after). Compiled markup is kept by its text, so a
 * store's template and the defaults are parsed once.
 */
export class LiquidEmailRenderer implements EmailRenderer {
  private readonly engines: Record<Field, Liquid>;
  private readonly compiled: Record<Field, Map<string, Template[]>> = { subject: new Map(), body: new Map() };

  constructor(limits: LiquidLimits = DEFAULT_LIQUID_LIMITS) {
    this.engines = {
      subject: sandboxedLiquid({}, limits, { escapeOutputs: false }),
      body: sandboxedLiquid({}, limits),
    };
  }

  render(markup: TemplateMarkup, variables: EmailVariables): EmailContent {
    const subject = oneLine(this.renderField('subject', markup.subject, variables));
    const html = this.renderField('body', markup.body, variables);
    return { subject, html, text: textOf(html) };
  }

  check(markup: Partial<TemplateMarkup>): Array<{ field: Field; description: string }> {
    const problems: Array<{ field: Field; description: string }> = [];
    for (const field of ['subject', 'body'] as const) {
      const source = markup[field];
      if (source === undefined) continue;
      const problem = this.problemOf(field, source);
      if (problem) problems.push({ field, description: problem });
    }
    return problems;
  }

  private problemOf(field: Field, source: string): string | null {
    const tooLong = lengthProblemOf(field, source);
    if (tooLong) return tooLong;
    try {
      this.compiledOf(field, source);
      return null;
    } catch (error) {
      return descriptionOf(error);
    }
  }

  /** Throws a 422 on the field when its markup is too long, does not parse, or fails as it renders (a limit hit). */
  private renderField(field: Field, source: string, variables: EmailVariables): string {
    const tooLong = lengthProblemOf(field, source);
    if (tooLong) throw validationFailed({ [field]: [tooLong] });
    try {
      return this.engines[field].renderSync(this.compiledOf(field, source), variables) as string;
    } catch (error) {
      throw validationFailed({ [field]: [descriptionOf(error)] });
    }
  }

  private compiledOf(field: Field, source: string): Template[] {
    const cache = this.compiled[field];
    let templates = cache.get(source);
    if (templates) {
      cache.delete(source); // re-inserted below: the Map's order is the recency order
    } else {
      templates = this.engines[field].parse(source);
      if (cache.size >= MAX_CACHED_TEMPLATES) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, templates);
    return templates;
  }
}

/** The text part: html-to-text's, each line's trailing spaces (the cells' separators) and runs of blank lines dropped. */
function textOf(html: string): string {
  return convert(html, TEXT_OPTIONS)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function lengthProblemOf(field: Field, source: string): string | null {
  const max = MAX_MARKUP_LENGTH[field];
  return source.length > max ? `is longer than ${max.toLocaleString('en')} characters` : null;
}

/** What a Liquid error says, on one line: liquidjs appends the markup around the error on lines of its own. */
function descriptionOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim() || 'the markup failed to render';
}
