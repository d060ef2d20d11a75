// A third-party app written against a standard OAuth client library (oauth4webapi), run as its own
// process by oauth-client.test.ts: the library is ESM-only and jest runs CommonJS. It drives the
// user's part of the dialog with plain fetch (sign-in, consent), and everything OAuth with the
// library: discovery (RFC 8414), PKCE S256, state, the authorization response, the token and refresh grants, revocation.
// Input: one JSON argument (with `revoke: token`, it only revokes that token). Output: one JSON line on stdout.
import * as oauth from 'oauth4webapi';

const input = JSON.parse(process.argv[2]);
const { baseUrl, issuer: issuerUrl, clientId, clientSecret, redirectUri, scope, email, password } = input;
const insecure = { [oauth.allowInsecureRequests]: true };

/** The authorization server as the library discovers it from the stack's public URL (RFC 8414: the issuer must be that URL). */
const issuer = new URL(issuerUrl);
const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
const client = { client_id: clientId };
const clientAuth = oauth.ClientSecretBasic(clientSecret);

/** The user's browser: a cookie jar and manual redirects. */
const cookies = new Map();
async function browse(url, init = {}) {
  const headers = new Headers(init.headers);
  if (cookies.size) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
  const response = await fetch(new URL(url, baseUrl), { ...init, headers, redirect: 'manual' });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
const hidden = (html) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2]
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'"),
    ]),
  );
const postForm = (url, fields) =>
  browse(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

if (input.revoke) {
  // RFC 7009 through the library: it accepts only a 200.
  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, input.revoke, insecure));
  process.stdout.write(`${JSON.stringify({ revoked: true })}\n`);
  process.exit(0);
}

const codeVerifier = oauth.generateRandomCodeVerifier();
const state = oauth.generateRandomState();
const authorizationUrl = new URL(as.authorization_endpoint);
for (const [name, value] of Object.entries({
  client_id: clientId,
  redirect_uri: redirectUri,
  response_type: 'code',
  scope,
  state,
  code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
  code_challenge_method: 'S256',
})) {
  authorizationUrl.searchParams.set(name, value);
}

const toSignIn = await browse(authorizationUrl);
const signInPage = await browse(toSignIn.location);
const signedIn = await postForm('/signin', { ...hidden(signInPage.html), identifier: email, password });
const consent = await browse(signedIn.location);
const approved = await postForm('/oauth/authorize', { ...hidden(consent.html), decision: 'approve' });
const callback = new URL(approved.location);

const params = oauth.validateAuthResponse(as, client, callback, state);
const tokenResponse = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri, codeVerifier, insecure);
const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
const refreshed = await oauth.processRefreshTokenResponse(
  as,
  client,
  await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token, insecure),
);

const hops = [toSignIn.status, signedIn.status, consent.status, approved.status];
process.stdout.write(`${JSON.stringify({ hops, callback: callback.toString(), tokens, refreshed })}\n`);
