import { checkedChanges, clipText, ECHO_LIMITS, fieldViolations, violationsOf, type FieldViolations } from '@commerce/grpc-runtime';
import { isBlankText } from '@commerce/text';
import { Liquid } from 'liquidjs';
import { z } from 'zod';
import { DEFAULT_TEMPLATES } from './default-templates';
import type { TemplateKind, TemplateRecord } from './template';

export const MAX_NAME_LENGTH = 100;
export const MAX_PERMALINK_LENGTH = 100;
/** Characters of Liquid a template may hold (a store's layout and css may hold 256 KB each). */
export const MAX_CONTENT_LENGTH = 128 * 1024;
/**
 * Liquid tags and outputs (`{%`, `{{`) a template may hold. liquidjs parses in time that grows with the square of the
 * number of its tokens (it shifts them off one array), so 18,000 outputs hold the service for a second; 4,000 parse in
 * a few milliseconds, and no page needs more.
 */
export const MAX_LIQUID_MARKUPS = 4_000;

/** Lowercase letters, digits, and inner hyphens or underscores: one path segment that needs no encoding. */
const PERMALINK = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/;

/**
 * Paths of the buyer site itself (docs/buyer-site.md#pages) and of the platform under it: a custom page must never be mistaken
 * for one, so none is a permalink. The defaults' own permalinks are reserved too (see `reservedPermalinks`).
 */
export const SITE_PATHS = [
  'cart',
  'checkout',
  'orders',
  'products',
  'product',
  'p',
  'collections',
  'collection',
  'pages',
  'contact',
  'faq',
  'store.css',
  's',
  'home',
  'maintenance',
  'search',
  'assets',
  'api',
  'v1',
] as const;

export const PERMALINK_TAKEN = 'has already been taken';

/** Every permalink no custom template may take: the site's paths and the permalinks of the six defaults. */
export function reservedPermalinks(): ReadonlySet<string> {
  return new Set<string>([...SITE_PATHS, ...DEFAULT_TEMPLATES.map((template) => template.permalink.toLowerCase())]);
}

/** Trimmed name, lowercase permalink; content is kept exactly as sent. */
export function normalizeTemplateInput(input: TemplateChangesInput): TemplateChangesInput {
  return checkedChanges(templateFields(), input);
}

/** A permalink made from a name: `About Us!` → `about-us`. Empty when the name has no letter or digit. */
export function permalinkFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_PERMALINK_LENGTH)
    .replace(/-+$/, '');
}

export function permalinkViolations(permalink: string): string[] {
  if (permalink.length === 0) return ["can't be blank"];
  if (permalink.length > MAX_PERMALINK_LENGTH) return [`is too long (maximum is ${MAX_PERMALINK_LENGTH} characters)`];
  if (reservedPermalinks().has(permalink)) return ['is reserved for a page of the site'];
  if (!PERMALINK.test(permalink)) return ['may contain only lowercase letters, digits, and inner hyphens or underscores'];
  return [];
}

/** Parses only: an in-memory file system with no files, so no markup (`{% include %}`, `{% render %}`) reaches the disk. */
const parser = new Liquid({ templates: {} });

/** How many `{{` and `{%` the content holds (raw and comment blocks included): what the parser makes tokens of. */
function liquidMarkupCount(content: string): number {
  let count = 0;
  for (let at = content.indexOf('{'); at !== -1; at = content.indexOf('{', at + 1)) {
    const next = content.charCodeAt(at + 1);
    if (next === 123 /* { */ || next === 37 /* % */) count++;
  }
  return count;
}

/**
 * The Liquid syntax error in the content, as a field message naming its line and the parser's own words
 * (`has a Liquid syntax error on line 3: tag {% if x %} not closed`); null when it parses.
 */
export function liquidSyntaxError(content: string): string | null {
  try {
    parser.parse(content);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/maximum call stack size exceeded/i.test(message) || error instanceof RangeError)
      return 'is nested too deeply to be a Liquid template';
    const position = /,?\s*line:(\d+), col:(\d+)\s*$/.exec(message);
    // The parser quotes the token it stopped at, which can be most of a 128 KB template.
    const reason = clipText(position ? message.slice(0, position.index) : message, ECHO_LIMITS.excerptChars * 3);
    return position ? `has a Liquid syntax error on line ${position[1]}: ${reason}` : `has a Liquid syntax error: ${reason}`;
  }
}

function contentViolations(content: string): string[] {
  if (content.length > MAX_CONTENT_LENGTH) return [`is too long (maximum is ${MAX_CONTENT_LENGTH} characters)`];
  if (liquidMarkupCount(content) > MAX_LIQUID_MARKUPS) return [`has too many Liquid tags and outputs (maximum is ${MAX_LIQUID_MARKUPS})`];
  const error = liquidSyntaxError(content);
  return error ? [error] : [];
}

function nameViolations(name: string): string[] {
  if (isBlankText(name)) return ["can't be blank"];
  if (name.length > MAX_NAME_LENGTH) return [`is too long (maximum is ${MAX_NAME_LENGTH} characters)`];
  return [];
}

/** Each message of `messages` as an issue of the value being checked. */
const issues =
  <T>(messages: (value: T) => string[]) =>
  (value: T, context: z.RefinementCtx) => {
    for (const message of messages(value)) context.addIssue({ code: 'custom', message });
  };

/**
 * A template's fields an owner gives, declared once (docs/architecture.md#one-description-per-record): what a create
 * takes (POST /v1/store/templates), what an update may change (PUT /v1/store/templates/:id; absent fields stay), how
 * what the owner typed is held (trimmed name, lowercase permalink, content exactly as sent) and the rules. Given the
 * template an update changes, its permalink is checked only when it changes: a default template keeps its own (the
 * site finds it by kind at its own path); a custom one may take any permalink but a reserved one.
 */
export function templateFields(current?: { kind: TemplateKind; permalink: string }) {
  return z.object({
    name: z.string().trim().superRefine(issues(nameViolations)),
    permalink: z
      .string()
      .transform((permalink) => permalink.trim().toLowerCase())
      .superRefine(
        issues((permalink: string) => {
          if (!current) return permalinkViolations(permalink);
          if (permalink === current.permalink) return [];
          return current.kind === 'custom' ? permalinkViolations(permalink) : [`can't be changed on the ${current.kind} template`];
        }),
      ),
    content: z.string().superRefine(issues(contentViolations)),
  });
}

/** What an owner sends to create a custom template; an empty permalink is made from the name (`permalinkFromName`). */
export type NewTemplateInput = z.input<ReturnType<typeof templateFields>>;
/** What an owner may change on a template; absent fields stay. */
export type TemplateChangesInput = Partial<NewTemplateInput>;
export type TemplateFields = z.output<ReturnType<typeof templateFields>>;
const TEMPLATE_FIELDS = Object.keys(templateFields().shape) as Array<keyof TemplateFields>;

/** The owner's fields of a record, nothing else. */
export const templateFieldsOf = (record: TemplateFields): TemplateFields =>
  Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, record[field]])) as TemplateFields;

/** Checks a normalized new template (its permalink filled, see `permalinkFromName`); empty when it may be stored. */
export function validateNewTemplate(input: NewTemplateInput): FieldViolations {
  const result = templateFields().safeParse(input);
  return result.success ? {} : violationsOf(result.error.issues);
}

/** Checks normalized changes to `current` (see `templateFields`); content is checked only when it changes. */
export function validateTemplateChanges(
  current: Pick<TemplateRecord, 'kind' | 'permalink'>,
  changes: TemplateChangesInput,
): FieldViolations {
  return fieldViolations(templateFields(current), changes);
}

/** The fields whose values differ, so an update that changes nothing writes nothing and emits nothing. */
export function changedTemplateFields(current: TemplateFields, changes: TemplateChangesInput): TemplateChangesInput {
  const changed: Record<string, unknown> = {};
  for (const field of TEMPLATE_FIELDS) {
    const value = changes[field];
    if (value !== undefined && value !== current[field]) changed[field] = value;
  }
  return changed as TemplateChangesInput;
}
