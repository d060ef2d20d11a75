import type { Request } from 'express';
import type { Credential } from './principal';

function single(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.length > 0 ? first : undefined;
}

/**
 * Finds the credential in any of the forms clients send (spec 5.1, DESIGN §7):
 * `?api_key=`, `API-KEY` header, HTTP Basic user (password ignored), `?access_token=`, `Bearer`.
 */
export function credentialFrom(req: Request): Credential | undefined {
  const authorization = req.headers.authorization;
  if (authorization) {
    const [scheme, payload] = authorization.split(' ', 2);
    if (/^bearer$/i.test(scheme) && payload) return { kind: 'oauth', value: payload.trim() };
    if (/^basic$/i.test(scheme) && payload) {
      const user = Buffer.from(payload, 'base64').toString('utf8').split(':', 1)[0];
      if (user) return { kind: 'api_key', value: user };
    }
  }
  const header = single(req.headers['api-key']);
  if (header) return { kind: 'api_key', value: header };
  const query = req.query as Record<string, unknown>;
  const apiKey = single(query.api_key);
  if (apiKey) return { kind: 'api_key', value: apiKey };
  const accessToken = single(query.access_token);
  if (accessToken) return { kind: 'oauth', value: accessToken };
  return undefined;
}
