import type { Request } from 'express';
import { credentialFrom } from './credential';

/** The parts of a request `credentialFrom` reads; header names lowercased as Node delivers them. */
function request({
  headers = {},
  query = {},
}: { headers?: Record<string, string | string[]>; query?: Record<string, unknown> } = {}): Request {
  return { headers, query } as unknown as Request;
}

const basic = (userAndPassword: string) => `Basic ${Buffer.from(userAndPassword).toString('base64')}`;

describe('credentialFrom', () => {
  it('reads an API key from ?api_key=', () => {
    expect(credentialFrom(request({ query: { api_key: 'sk_query' } }))).toEqual({ kind: 'api_key', value: 'sk_query' });
  });

  it('reads an API key from the API-KEY header', () => {
    expect(credentialFrom(request({ headers: { 'api-key': 'sk_header' } }))).toEqual({ kind: 'api_key', value: 'sk_header' });
  });

  it('reads an API key from the HTTP Basic user and ignores the password', () => {
    expect(credentialFrom(request({ headers: { authorization: basic('sk_basic:whatever') } }))).toEqual({
      kind: 'api_key',
      value: 'sk_basic',
    });
    expect(credentialFrom(request({ headers: { authorization: basic('sk_basic:') } }))).toEqual({ kind: 'api_key', value: 'sk_basic' });
    expect(credentialFrom(request({ headers: { authorization: basic('sk_basic') } }))).toEqual({ kind: 'api_key', value: 'sk_basic' });
  });

  it('keeps colons in the Basic password out of the key', () => {
    expect(credentialFrom(request({ headers: { authorization: basic('sk_basic:pass:with:colons') } }))).toEqual({
      kind: 'api_key',
      value: 'sk_basic',
    });
  });

  it('reads an OAuth token from Authorization: Bearer, whatever the scheme case and spacing', () => {
    expect(credentialFrom(request({ headers: { authorization: 'Bearer eyJ.token' } }))).toEqual({ kind: 'oauth', value: 'eyJ.token' });
    expect(credentialFrom(request({ headers: { authorization: 'bearer   eyJ.token ' } }))).toEqual({ kind: 'oauth', value: 'eyJ.token' });
  });

  it('reads an OAuth token from ?access_token=', () => {
    expect(credentialFrom(request({ query: { access_token: 'eyJ.query' } }))).toEqual({ kind: 'oauth', value: 'eyJ.query' });
  });

  it('takes the first of a repeated query parameter', () => {
    expect(credentialFrom(request({ query: { api_key: ['sk_first', 'sk_second'] } }))).toEqual({ kind: 'api_key', value: 'sk_first' });
  });

  describe('precedence', () => {
    it('prefers Authorization over the API-KEY header', () => {
      const credential = credentialFrom(request({ headers: { authorization: 'Bearer eyJ.token', 'api-key': 'sk_header' } }));
      expect(credential).toEqual({ kind: 'oauth', value: 'eyJ.token' });
    });

    it('prefers headers over the query string', () => {
      const credential = credentialFrom(
        request({ headers: { 'api-key': 'sk_header' }, query: { api_key: 'sk_query', access_token: 'eyJ.query' } }),
      );
      expect(credential).toEqual({ kind: 'api_key', value: 'sk_header' });
    });

    it('prefers ?api_key= over ?access_token=', () => {
      expect(credentialFrom(request({ query: { api_key: 'sk_query', access_token: 'eyJ.query' } }))).toEqual({
        kind: 'api_key',
        value: 'sk_query',
      });
    });

    it('falls through an Authorization header it does not understand', () => {
      expect(credentialFrom(request({ headers: { authorization: 'Digest abc' }, query: { api_key: 'sk_query' } }))).toEqual({
        kind: 'api_key',
        value: 'sk_query',
      });
      expect(credentialFrom(request({ headers: { authorization: 'Bearer' }, query: { access_token: 'eyJ.query' } }))).toEqual({
        kind: 'oauth',
        value: 'eyJ.query',
      });
    });
  });

  it('answers undefined when no credential was sent', () => {
    expect(credentialFrom(request())).toBeUndefined();
    expect(credentialFrom(request({ query: { api_key: '', access_token: '' }, headers: { 'api-key': '' } }))).toBeUndefined();
    expect(credentialFrom(request({ headers: { authorization: basic(':password-only') } }))).toBeUndefined();
  });
});
