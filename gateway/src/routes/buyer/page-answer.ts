import type { Response } from 'express';

/**
 * What every buyer page answers with, as identity's pages do (services/identity/src/http/pages.server.ts):
 * never framed, no sniffing, no script at all (the store's layout and templates are the owner's
 * HTML; no script can run from them, nor from anything a buyer typed), forms posting only to the
 * site itself, and the referrer kept within the site. Product photos come from any https host.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy':
    "default-src 'none'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; font-src 'self' https:; " +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
});

const HTML = 'text/html; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/**
 * Sends a page as RenderPage answered it. Pages carry the buyer's cart and CSRF token: never stored
 * by a cache. The stylesheet may be, but is checked again on every use, so a changed css shows at once.
 */
export function sendPage(res: Response, status: number, contentType: string, body: string): void {
  const type = contentType === CSS ? CSS : HTML;
  const payload = Buffer.from(body, 'utf8');
  res.statusCode = status >= 200 && status <= 599 ? status : 500;
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('Cache-Control', type === CSS ? 'no-cache' : 'no-store');
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', payload.length);
  // node sends no body for HEAD by itself.
  res.end(payload);
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  403: 'Form expired',
  404: 'Page not found',
  413: 'Too large',
  422: 'Cannot do that',
  429: 'Too many requests',
  503: 'Unavailable',
};

/** The gateway's own page, for what no store can render: an unknown store, a refused form, a backend down. */
export function sendMessagePage(res: Response, status: number, message: string): void {
  const title = TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'Cannot do that');
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
  sendPage(res, status, HTML, body);
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
