import express, { type Request, type Response, type Router } from 'express';
import { authenticateClient, type ClientCredentials } from '../app/authenticate-client';
import { exchangeAuthorizationCode } from '../app/exchange-authorization-code';
import { refreshAccessToken } from '../app/refresh-access-token';
import { revokeToken } from '../app/revoke-token';
import { OAuthError } from '../app/oauth-error';
import type { PagesContext } from './pages.context';

type Params = Record<string, string>;

/**
 * RFC 6749 §3.2 token endpoint and RFC 7009 revocation. Parameters come from the query string (as
 * docs/oauth.md#token-endpoint shows) or a form body (as RFC 6749 requires), the body winning; the client authenticates
 * with its secret as a parameter or with HTTP Basic, not both, or, the dashboard alone, with its client_id only.
 */
export function oauthTokenRoutes(router: Router, context: PagesContext): void {
  const bodies = [express.urlencoded({ extended: false, limit: '16kb' }), express.json({ limit: '16kb' })];

  router.post('/oauth/token', ...bodies, async (req, res) => {
    await answerOAuth(res, async () => {
      const params = paramsOf(req);
      const client = await authenticateClient(context.deps.apps, clientCredentials(req, params));
      switch (params.grant_type) {
        case 'authorization_code':
          return exchangeAuthorizationCode(context.deps, context.oauth, client, {
            code: params.code ?? '',
            redirect_uri: params.redirect_uri ?? '',
            code_verifier: params.code_verifier ?? '',
          });
        case 'refresh_token':
          return refreshAccessToken(context.deps, context.oauth, client, {
            refresh_token: params.refresh_token ?? '',
            scope: params.scope ?? '',
          });
        case undefined:
          throw new OAuthError('invalid_request', 'grant_type is required');
        default:
          throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
      }
    });
  });

  router.post('/oauth/revoke', ...bodies, async (req, res) => {
    await answerOAuth(res, async () => {
      const params = paramsOf(req);
      const client = await authenticateClient(context.deps.apps, clientCredentials(req, params));
      if (!params.token) throw new OAuthError('invalid_request', 'token is required');
      await revokeToken(context.deps, context.oauth, client, params.token);
      return {};
    });
  });
}

async function answerOAuth(res: Response, work: () => Promise<object>): Promise<void> {
  // RFC 6749 §5.1: token responses must never be cached.
  res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
  try {
    res.status(200).json(await work());
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    if (error.httpStatus === 401) res.set('WWW-Authenticate', 'Basic realm="oauth", charset="UTF-8"');
    res.status(error.httpStatus).json({ error: error.code, error_description: error.description });
  }
}

function paramsOf(req: Request): Params {
  const params: Params = {};
  for (const source of [req.query, req.body] as unknown[]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [name, value] of Object.entries(source)) {
      if (Array.isArray(value)) throw new OAuthError('invalid_request', `${name} must not be repeated`);
      if (typeof value === 'string') params[name] = value;
    }
  }
  return params;
}

/**
 * RFC 6749 §2.3.1: Basic with form-encoded id and secret, or client_id and client_secret parameters; a public client's
 * client_id alone (§2.1) has no secret at all, which an empty one is not.
 */
function clientCredentials(req: Request, params: Params): ClientCredentials {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!basic) return { clientId: params.client_id ?? '', clientSecret: params.client_secret };
  if (params.client_secret)
    throw new OAuthError('invalid_request', 'Use one client authentication method: HTTP Basic or client_secret, not both');
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'Client authentication failed');
  const formDecode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      throw new OAuthError('invalid_client', 'Client authentication failed');
    }
  };
  const clientId = formDecode(decoded.slice(0, colon));
  if (params.client_id && params.client_id !== clientId)
    throw new OAuthError('invalid_request', 'client_id differs from the one in the Authorization header');
  return { clientId, clientSecret: formDecode(decoded.slice(colon + 1)) };
}
