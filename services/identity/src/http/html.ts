import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Markup that is already safe; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/** Tagged template: `html\`<p>${name}</p>\`` escapes `name`, so user data can never become markup. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, part, index) => out + part + (index < values.length ? render(values[index]) : ''), ''));
}

/**
 * The pages' stylesheet, inlined in every page: services/identity/assets/pages.css (docs/service-template.md#assets),
 * two levels above this file in src/http/ and in dist/http/ alike. Read once, when the pages' modules load at start (a
 * missing file stops the start); its final newline is the file's, not the page's.
 */
export const PAGES_CSS_PATH = path.resolve(__dirname, '../../assets/pages.css');
const STYLE = readFileSync(PAGES_CSS_PATH, 'utf8').replace(/\n$/, '');

/** The whole document around a page's body. */
export function page(title: string, body: SafeHtml): string {
  const meta = html`<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`;
  const head = html`<head>${meta}<title>${title} · Store Commerce</title><style>${new SafeHtml(STYLE)}</style></head>`;
  return `<!doctype html>\n${html`<html lang="en">${head}<body>${body}</body></html>`.value}`;
}

/** The hidden CSRF field every form carries. */
export const csrfField = (token: string): SafeHtml => html`<input type="hidden" name="csrf_token" value="${token}">`;
