// A browser's part of the OAuth dialog over plain fetch: a cookie jar, the CSRF token of the last page,
// redirects followed by hand so each hop can be asserted.

export interface PageAnswer {
  status: number;
  headers: Headers;
  html: string;
  /** The Location header of a redirect. */
  location?: string;
}

export interface PageClientOptions {
  /** Sent with every request (what a client may add: X-Forwarded-For, a forged gateway header). */
  headers?: Record<string, string>;
  /** Another transport, e.g. one connecting from a second loopback address. */
  fetch?: typeof fetch;
  /** Cookies to start with: another browser's, copied (what a thief of the cookie holds). */
  cookies?: Record<string, string>;
}

export class PageClient {
  private readonly cookies: Map<string, string>;
  /** Set-Cookie headers seen, raw, to check their attributes. */
  readonly setCookies: string[] = [];

  constructor(
    readonly baseUrl: string,
    private readonly options: PageClientOptions = {},
  ) {
    this.cookies = new Map(Object.entries(options.cookies ?? {}));
  }

  /** A copy of the jar's cookies as they are now. */
  cookieJar(): Record<string, string> {
    return Object.fromEntries(this.cookies);
  }

  async get(path: string): Promise<PageAnswer> {
    return this.send(path, { method: 'GET' });
  }

  /** Posts a form as a browser does: urlencoded fields, the jar's cookies. */
  async post(path: string, fields: Record<string, string>): Promise<PageAnswer> {
    return this.postForm(path, new URLSearchParams(fields));
  }

  /** Posts a form whose fields may repeat. */
  async postForm(path: string, form: URLSearchParams): Promise<PageAnswer> {
    return this.send(path, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  /** GETs a page and posts its form back with the page's CSRF token and the given fields. */
  async submit(pagePath: string, action: string, fields: Record<string, string>): Promise<PageAnswer> {
    const page = await this.get(pagePath);
    return this.post(action, { ...hiddenFields(page.html), ...fields });
  }

  async signUp(email: string, password: string, login = ''): Promise<PageAnswer> {
    return this.submit('/signup', '/signup', { email, password, login });
  }

  async signIn(identifier: string, password: string): Promise<PageAnswer> {
    return this.submit('/signin', '/signin', { identifier, password });
  }

  /** Opens the dialog (signed in already), approves it, and answers the redirect to the app. */
  async approve(authorizeQuery: Record<string, string>, decision: 'approve' | 'deny' = 'approve'): Promise<URL> {
    const consent = await this.get(`/oauth/authorize?${new URLSearchParams(authorizeQuery)}`);
    if (consent.status !== 200) throw new Error(`consent page answered ${consent.status} ${consent.location ?? ''}`);
    const answer = await this.post('/oauth/authorize', { ...hiddenFields(consent.html), decision });
    if (answer.status !== 303 || !answer.location) throw new Error(`consent answered ${answer.status}`);
    return new URL(answer.location);
  }

  private async send(path: string, init: RequestInit): Promise<PageAnswer> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.options.headers ?? {})) headers.set(name, value);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await (this.options.fetch ?? fetch)(`${this.baseUrl}${path}`, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair] = cookie.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return {
      status: response.status,
      headers: response.headers,
      html: await response.text(),
      location: response.headers.get('location') ?? undefined,
    };
  }
}

/** The hidden inputs of a page's (first) form: csrf_token and the authorization request. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    if (!(match[1] in fields)) fields[match[1]] = decodeEntities(match[2]);
  }
  return fields;
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
