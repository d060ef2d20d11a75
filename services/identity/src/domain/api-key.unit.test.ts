import { API_KEY_PREFIX, hashApiKey, issueApiKey, looksLikeApiKey } from './api-key';

describe('issueApiKey', () => {
  it('issues an sck_ key of 256 random bits, its hash and an id', () => {
    const issued = issueApiKey();

    expect(issued.plaintext).toMatch(/^sck_[A-Za-z0-9_-]{43}$/);
    expect(issued.hash).toBe(hashApiKey(issued.plaintext));
    expect(issued.hash).not.toContain(issued.plaintext.slice(API_KEY_PREFIX.length));
    expect(issued.keyId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never issues the same key twice', () => {
    const keys = new Set(Array.from({ length: 100 }, () => issueApiKey().plaintext));

    expect(keys.size).toBe(100);
  });
});

describe('looksLikeApiKey', () => {
  it('recognises an issued key', () => {
    expect(looksLikeApiKey(issueApiKey().plaintext)).toBe(true);
  });

  it.each(['', 'sck_', `sck_${'a'.repeat(42)}`, `sck_${'a'.repeat(44)}`, `pk_${'a'.repeat(44)}`])('refuses "%s"', (candidate) => {
    expect(looksLikeApiKey(candidate)).toBe(false);
  });
});
