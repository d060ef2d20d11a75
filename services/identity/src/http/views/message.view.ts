import { html, page, type SafeHtml } from '../html';

/** A page with a title and a sentence: errors of the authorization dialog, expired forms, throttling. */
export function messagePage(title: string, message: string, extra: SafeHtml = html``): string {
  return page(title, html`<h1>${title}</h1><p class="error" role="alert">${message}</p>${extra}`);
}
