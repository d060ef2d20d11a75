import type { Request } from 'express';
import type { Credential } from './principal';

function single(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.length > 0 ? first : undefined;
}

/** `Authorization: <scheme> <payload>`; any run of whitespace separates them (RFC 9110 allows more than one space). */
const AUTHORIZATION = /^(\S+)\s+(\S.*)$/;

/**
 * Finds the credential in any of the forms clients send (docs/api-conventions.md#credentials):
 * `?api_key=`, `API-KEY` header, HTTP Basic user (password ignored), `?access_token=`, `Bearer`.
 * Headers win over the query string; within headers, `Authorization` wins over `API-KEY`.
 */
export function credentialFrom(req: Request): Credential | undefined {
  const fromAuthorization = authorizationCredential(req.headers.authorization);
  if (fromAuthorization) return fromAuthorization;
  const header = single(req.headers['api-key']);
  if (header) return { kind: 'api_key', value: header };
  const query = req.query as Record<string, unknown>;
  const apiKey = single(query.api_key);
  if (apiKey) return { kind: 'api_key', value: apiKey };
  const accessToken = single(query.access_token);
  if (accessToken) return { kind: 'oauth', value: accessToken };
  return undefined;
}

function authorizationCredential(authorization: string | undefined): Credential | undefined {
  const match = authorization ? AUTHORIZATION.exec(authorization.trim()) : null;
  if (!match) return undefined;
  const [, scheme, payload] = match;
  if (/^bearer$/i.test(scheme)) return { kind: 'oauth', value: payload };
  if (!/^basic$/i.test(scheme)) return undefined;
  // `user:password` with the key as the user; the first colon ends the user, the password is ignored.
  const decoded = Buffer.from(payload, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = colon === -1 ? decoded : decoded.slice(0, colon);
  return user ? { kind: 'api_key', value: user } : undefined;
}
