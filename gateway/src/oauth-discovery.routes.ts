import type { IRouter, Request } from 'express';
import { z } from 'zod';
import { SCOPE_NAMES } from './auth/scopes';
import { documented } from './openapi/operation';

/** RFC 8414's fields this server fills, as the OpenAPI document describes them. */
const metadataJson = z.strictObject({
  issuer: z.string().meta({ description: 'The public base URL; a client checks it equals the URL it discovered from' }),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.literal('code')),
  response_modes_supported: z.array(z.literal('query')),
  grant_types_supported: z.array(z.enum(['authorization_code', 'refresh_token'])),
  token_endpoint_auth_methods_supported: z.array(z.enum(['client_secret_basic', 'client_secret_post', 'none'])),
  revocation_endpoint_auth_methods_supported: z.array(z.enum(['client_secret_basic', 'client_secret_post', 'none'])),
  code_challenge_methods_supported: z.array(z.literal('S256')),
  service_documentation: z.string(),
});

type Metadata = z.infer<typeof metadataJson>;

/**
 * The authorization server's metadata (RFC 8414, docs/oauth.md#discovery) for `base`: what an OAuth client library
 * otherwise has to be told by hand. Only what the token endpoint really does is listed: `plain` PKCE is refused,
 * client credentials go in HTTP Basic or the form, never both; `none` (the client_id alone) is the public owner
 * dashboard's (docs/oauth.md#the-dashboards-first-party-client), every app still needs its secret.
 */
export function authorizationServerMetadata(base: string): Metadata {
  const authMethods: Metadata['token_endpoint_auth_methods_supported'] = ['client_secret_basic', 'client_secret_post', 'none'];
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    revocation_endpoint: `${base}/oauth/revoke`,
    scopes_supported: [...SCOPE_NAMES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    code_challenge_methods_supported: ['S256'],
    service_documentation: `${base}/docs`,
  };
}

const DISCOVERY_DOC = {
  summary: "The OAuth authorization server's metadata (RFC 8414)",
  description:
    'No credential. The issuer, the authorization, token and revocation endpoints, the scopes, PKCE methods and grant types, ' +
    'so OAuth client libraries configure themselves from the base URL (docs/oauth.md#discovery). Not in the `{data, meta}` envelope.',
  tag: 'Applications',
  auth: 'none',
  answer: metadataJson,
} as const;

/**
 * GET /.well-known/oauth-authorization-server: public. The issuer is PUBLIC_URL; without one (a gateway run on its
 * own), the URL the request came to, which is what a client discovering from it expects.
 */
export function oauthDiscoveryRoutes(router: IRouter, options: { publicUrl?: string }): void {
  const configured = options.publicUrl?.replace(/\/+$/, '');
  const baseOf = (req: Request) => configured ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  router.get(
    '/.well-known/oauth-authorization-server',
    documented(DISCOVERY_DOC, (req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.json(authorizationServerMetadata(baseOf(req)));
    }),
  );
}
