import { redactedQuery, redactedUrl } from './redact';

describe('credentials in spans', () => {
  it('redacts the query names the logs redact, in any case and bracketed, and keeps the rest', () => {
    expect(redactedQuery('/v1/products.json?API_KEY=k1&limit=5&access_token=t#top')).toBe(
      'API_KEY=[redacted]&limit=5&access_token=[redacted]',
    );
    expect(redactedQuery('/oauth/authorize?owner[password]=p&state=s')).toBe('owner[password]=[redacted]&state=s');
    expect(redactedQuery('/v1/products.json')).toBeUndefined();
  });

  it("redacts a client span's full url", () => {
    expect(redactedUrl('https://app.example/hook?token=secret&x=1')).toBe('https://app.example/hook?token=[redacted]&x=1');
    expect(redactedUrl('https://app.example/hook')).toBe('https://app.example/hook');
  });
});
