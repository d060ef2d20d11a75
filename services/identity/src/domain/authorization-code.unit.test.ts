import { createHash } from 'node:crypto';
import { isPkceValue, verifierMatches } from './authorization-code';

// RFC 7636 Appendix B's example.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('verifierMatches (PKCE S256)', () => {
  it('accepts the RFC 7636 example pair', () => {
    expect(verifierMatches(VERIFIER, CHALLENGE)).toBe(true);
  });

  it('refuses another verifier, a malformed one, and the challenge itself', () => {
    expect(verifierMatches(`${VERIFIER.slice(0, -1)}Y`, CHALLENGE)).toBe(false);
    expect(verifierMatches('short', createHash('sha256').update('short').digest('base64url'))).toBe(false);
    expect(verifierMatches(CHALLENGE, CHALLENGE)).toBe(false);
  });
});

describe('isPkceValue', () => {
  it('takes 43 to 128 unreserved characters', () => {
    expect(isPkceValue('a'.repeat(43))).toBe(true);
    expect(isPkceValue('a'.repeat(128))).toBe(true);
    expect(isPkceValue('a'.repeat(42))).toBe(false);
    expect(isPkceValue(`${'a'.repeat(42)}=`)).toBe(false);
  });
});
