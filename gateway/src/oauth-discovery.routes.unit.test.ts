import { execFile } from 'node:child_process';
import { aGatewayApp } from './app.fixture';
import type { ApiKeyIdentityClient } from './auth/authenticator';
import type { BackendClients } from './clients';
import { startTestServer, type TestServer } from './http/test-server';

/** The gateway on a real port; discovery calls no backend. */
const serve = (publicUrl?: string) =>
  startTestServer(aGatewayApp({} as BackendClients, {} as ApiKeyIdentityClient, publicUrl ? { publicUrl } : {}));

/**
 * oauth4webapi's own discovery (RFC 8414: the well-known path, then the issuer check) from `issuer`, run in a
 * node of its own: the library is ESM only, which jest's CommonJS runtime cannot load. Answers the metadata it
 * accepted, or the message it refused with.
 */
function discoverWithLibrary(issuer: string): Promise<{ metadata?: Record<string, unknown>; refused?: string }> {
  const script = `
    import * as oauth from 'oauth4webapi';
    const issuer = new URL(process.argv[1]);
    const options = { algorithm: 'oauth2', [oauth.allowInsecureRequests]: true };
    try {
      const metadata = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options));
      process.stdout.write(JSON.stringify({ metadata }));
    } catch (error) {
      process.stdout.write(JSON.stringify({ refused: error.message }));
    }
  `;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--input-type=module', '-e', script, issuer], { cwd: __dirname }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as { metadata?: Record<string, unknown>; refused?: string }),
    ),
  );
}

describe('GET /.well-known/oauth-authorization-server', () => {
  let server: TestServer;

  afterEach(() => server.close());

  it('is what an OAuth client library configures itself from: the endpoints, scopes, PKCE and grants the server has', async () => {
    server = await serve();

    const { metadata, refused } = await discoverWithLibrary(server.url);

    expect(refused).toBeUndefined();
    expect(metadata).toEqual({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      revocation_endpoint: `${server.url}/oauth/revoke`,
      scopes_supported: ['user', 'store_read', 'store_write', 'account'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      // `none`: the owner dashboard, a public client, sends its client_id alone (docs/oauth.md#the-dashboards-first-party-client).
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256'],
      service_documentation: `${server.url}/docs`,
    });
  });

  it('names PUBLIC_URL as the issuer, whatever host the request came to, so a client discovering from elsewhere refuses it', async () => {
    server = await serve('https://api.example.com/');

    const answer = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    const body = (await answer.json()) as Record<string, unknown>;
    const fromHere = await discoverWithLibrary(server.url);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({ issuer: 'https://api.example.com', token_endpoint: 'https://api.example.com/oauth/token' });
    expect(fromHere.refused).toMatch(/issuer/);
  });

  it('needs no credential, and a credential sent anyway changes nothing', async () => {
    server = await serve();

    const answer = await fetch(`${server.url}/.well-known/oauth-authorization-server`, { headers: { authorization: 'Bearer nonsense' } });

    expect(answer.status).toBe(200);
  });
});
