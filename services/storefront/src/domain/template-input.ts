import { clipText, ECHO_LIMITS, type FieldViolations } from '@commerce/grpc-runtime';
import { isBlankText } from '@commerce/text';
import { Liquid } from 'liquidjs';
import { DEFAULT_TEMPLATES } from './default-templates';
import type { TemplateRecord } from './template';

/** What an owner sends to create a custom template (POST /v1/store/templates). */
export interface NewTemplateInput {
  name: string;
  /** Optional: derived from the name when empty. */
  permalink: string;
  content: string;
}

/** What an owner may change on a template (PUT /v1/store/templates/:id); absent fields stay. */
export type TemplateChangesInput = Partial<NewTemplateInput>;

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
 * Paths of the buyer site itself (DESIGN §10) and of the platform under it: a custom page must never be mistaken
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
export function normalizeTemplateInput<T extends TemplateChangesInput>(input: T): T {
  const normalized = { ...input };
  if (normalized.name !== undefined) normalized.name = normalized.name.trim();
  if (normalized.permalink !== undefined) normalized.permalink = normalized.permalink.trim().toLowerCase();
  return normalized;
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

function add(violations: FieldViolations, field: string, message: string): void {
  (violations[field] ??= []).push(message);
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

/** Checks a normalized new template (its permalink filled, see `permalinkFromName`); empty when it may be stored. */
export function validateNewTemplate(input: NewTemplateInput): FieldViolations {
  const violations: FieldViolations = {};
  for (const message of nameViolations(input.name)) add(violations, 'name', message);
  for (const message of permalinkViolations(input.permalink)) add(violations, 'permalink', message);
  for (const message of contentViolations(input.content)) add(violations, 'content', message);
  return violations;
}

/**
 * Checks normalized changes to `current`. A default template keeps its permalink (the site finds it by kind at its
 * own path); a custom one may take any permalink but a reserved one. Content is checked only when it changes.
 */
export function validateTemplateChanges(
  current: Pick<TemplateRecord, 'kind' | 'permalink'>,
  changes: TemplateChangesInput,
): FieldViolations {
  const violations: FieldViolations = {};
  if (changes.name !== undefined) for (const message of nameViolations(changes.name)) add(violations, 'name', message);
  if (changes.permalink !== undefined && changes.permalink !== current.permalink) {
    if (current.kind !== 'custom') add(violations, 'permalink', `can't be changed on the ${current.kind} template`);
    else for (const message of permalinkViolations(changes.permalink)) add(violations, 'permalink', message);
  }
  if (changes.content !== undefined) for (const message of contentViolations(changes.content)) add(violations, 'content', message);
  return violations;
}

/** The fields whose values differ, so an update that changes nothing writes nothing and emits nothing. */
export function changedTemplateFields(
  current: Pick<TemplateRecord, 'name' | 'permalink' | 'content'>,
  changes: TemplateChangesInput,
): TemplateChangesInput {
  const changed: TemplateChangesInput = {};
  for (const field of ['name', 'permalink', 'content'] as const) {
    const value = changes[field];
    if (value !== undefined && value !== current[field]) changed[field] = value;
  }
  return changed;
}
