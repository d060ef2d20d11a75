import { csrfField, html, page } from '../html';

export interface AccountFormView {
  csrf: string;
  returnTo: string;
  error?: string;
  /** Per-field messages of a refused sign-up. */
  errors?: Record<string, string[]>;
  values?: { identifier?: string; email?: string; login?: string };
}

const fieldErrors = (errors: Record<string, string[]> | undefined, field: string) =>
  (errors?.[field] ?? []).map((message) => html`<div class="error">${field} ${message}</div>`);

export function signInPage(view: AccountFormView): string {
  const signUpHref = `/signup?return_to=${encodeURIComponent(view.returnTo)}`;
  const value = view.values?.identifier ?? '';
  const identifierInput = html`<input type="text" id="identifier" name="identifier" autocomplete="username" required value="${value}">`;
  return page(
    'Sign in',
    html`<h1>Sign in</h1>
${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ''}
<form method="post" action="/signin">
${csrfField(view.csrf)}<input type="hidden" name="return_to" value="${view.returnTo}">
<label for="identifier">E-mail or login</label>${identifierInput}
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p>No account yet? <a href="${signUpHref}">Sign up</a></p>`,
  );
}

export function signUpPage(view: AccountFormView): string {
  const signInHref = `/signin?return_to=${encodeURIComponent(view.returnTo)}`;
  const emailInput = html`<input type="email" id="email" name="email" autocomplete="email" required value="${view.values?.email ?? ''}">`;
  const loginInput = html`<input type="text" id="login" name="login" autocomplete="username" value="${view.values?.login ?? ''}">`;
  const passwordInput = html`<input type="password" id="password" name="password" autocomplete="new-password" required>`;
  return page(
    'Sign up',
    html`<h1>Create an account</h1>
${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ''}
<form method="post" action="/signup">
${csrfField(view.csrf)}<input type="hidden" name="return_to" value="${view.returnTo}">
<label for="email">E-mail</label>${emailInput}${fieldErrors(view.errors, 'email')}
<label for="login">Login (optional)</label>${loginInput}${fieldErrors(view.errors, 'login')}
<label for="password">Password (8 characters or more)</label>${passwordInput}${fieldErrors(view.errors, 'password')}
<button type="submit">Sign up</button>
</form>
<p>Already have an account? <a href="${signInHref}">Sign in</a></p>`,
  );
}

/** Asks before signing out: the one way to sign out is this form's post, which carries the session's CSRF token. */
export function signOutPage(view: { csrf: string; login: string }): string {
  return page(
    'Sign out',
    html`<h1>Sign out</h1>
<p>Signed in as <strong>${view.login}</strong>. Signing out ends your session in every browser.</p>
<form method="post" action="/signout">${csrfField(view.csrf)}<button type="submit">Sign out</button></form>`,
  );
}
