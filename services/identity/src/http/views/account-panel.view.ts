import { csrfField, html, page, type SafeHtml } from '../html';

export interface AccountPanelView {
  csrf: string;
  user: { email: string; login: string; store_id: number };
  notice?: string;
  developerApps: Array<{ client_id: string; name: string; redirect_uri: string }>;
  authorizedApps: Array<{ client_id: string; name: string; scopes: string[]; authorized_at: Date }>;
}

/** A one-button form posting to `action` (escaped as the rest of the page is). */
const buttonForm = (action: string, csrf: string, label: string): SafeHtml =>
  html`<form class="inline" method="post" action="${action}">${csrfField(csrf)}<button type="submit">${label}</button></form>`;

export function accountPanelPage(view: AccountPanelView): string {
  const { csrf, user } = view;
  const store = user.store_id
    ? html`<p>Store #${user.store_id}. Its API key gives full access to the store; generating a new one stops the old one at once.</p>
<form method="post" action="/account/api-key">${csrfField(csrf)}<button type="submit">Generate a new API key</button></form>`
    : html`<p>You have no store yet. An app you authorize can create one with <code>POST /v1/stores</code>.</p>`;
  const developerApps = view.developerApps.map(
    (app) => html`<tr><td>${app.name}</td><td><code>${app.client_id}</code></td><td>${app.redirect_uri}</td>
<td>${buttonForm(`/account/apps/${encodeURIComponent(app.client_id)}/delete`, csrf, 'Delete')}</td></tr>`,
  );
  const authorizedApps = view.authorizedApps.map(
    (app) => html`<tr><td>${app.name}</td><td>${app.scopes.join(' ')}</td><td>${app.authorized_at.toISOString().slice(0, 10)}</td>
<td>${buttonForm(`/account/authorizations/${encodeURIComponent(app.client_id)}/revoke`, csrf, 'Revoke')}</td></tr>`,
  );
  const authorizedTable = authorizedApps.length
    ? html`<table><tr><th>App</th><th>Scopes</th><th>Since</th><th></th></tr>${authorizedApps}</table>`
    : html`<p>No app is authorized.</p>`;
  const developerTable = developerApps.length
    ? html`<table><tr><th>Name</th><th>Client id</th><th>Redirect URI</th><th></th></tr>${developerApps}</table>`
    : html`<p>You have no apps.</p>`;
  const example = 'https://example.com/oauth/callback';
  const redirectInput = html`<input type="url" id="app-redirect" name="redirect_uri" required placeholder="${example}">`;
  return page(
    'Account',
    html`<h1>Your account</h1>
${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
<p>${user.login} (${user.email})</p>
<form method="post" action="/signout">${csrfField(csrf)}<button type="submit">Sign out</button></form>
<h2>Store API key</h2>${store}
<h2>Authorized apps</h2>
${authorizedTable}
<h2>Developer apps</h2>
${developerTable}
<form method="post" action="/account/apps">${csrfField(csrf)}
<label for="app-name">App name</label><input type="text" id="app-name" name="name" required>
<label for="app-redirect">Redirect URI</label>${redirectInput}
<button type="submit">Create app</button></form>`,
  );
}

/** Shown once, right after it was generated: the page is not cached and the value is not stored. */
export function secretShownOncePage(title: string, rows: Array<{ label: string; value: string; secret: boolean }>): string {
  return page(
    title,
    html`<h1>${title}</h1>
<p>Copy the secret now: it is shown only this once and cannot be recovered (only its hash is kept).</p>
${rows.map((row) => html`<p>${row.label}</p><p class="${row.secret ? 'secret' : ''}" data-field="${row.label}">${row.value}</p>`)}
<p><a href="/account">Back to your account</a></p>`,
  );
}
