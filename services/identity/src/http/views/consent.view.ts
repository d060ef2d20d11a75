import { SCOPE_DESCRIPTIONS, type Scope } from '../../domain/scope';
import { csrfField, html, page } from '../html';

export interface ConsentView {
  csrf: string;
  appName: string;
  userLogin: string;
  scopes: Scope[];
  /** The authorization request, carried to the decision as hidden fields. */
  hidden: Record<string, string>;
}

export function consentPage(view: ConsentView): string {
  const hidden = Object.entries(view.hidden).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  return page(
    'Authorize',
    html`<h1>Authorize ${view.appName}</h1>
<p>Signed in as <strong>${view.userLogin}</strong>. <strong>${view.appName}</strong> asks to:</p>
<ul>${view.scopes.map((scope) => html`<li><strong>${scope}</strong>: ${SCOPE_DESCRIPTIONS[scope]}</li>`)}</ul>
<form method="post" action="/oauth/authorize">
${csrfField(view.csrf)}${hidden}
<button type="submit" name="decision" value="approve">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
<p>You can revoke this at any time in your <a href="/account">account settings</a>.</p>`,
  );
}
