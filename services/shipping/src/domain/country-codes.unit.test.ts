import { isCountryCode, ISO_COUNTRY_CODES, normaliseCountryCode } from './country-codes';

describe('ISO 3166-1 alpha-2 codes', () => {
  it('holds all 249 assigned codes, each two upper-case letters', () => {
    expect(ISO_COUNTRY_CODES.size).toBe(249);
    for (const code of ISO_COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('knows real countries and territories and refuses look-alikes', () => {
    expect(['US', 'GB', 'DE', 'JP', 'AX', 'SS', 'BQ', 'CW', 'PS', 'AQ'].every(isCountryCode)).toBe(true);
    // UK and EU are reserved, XK is user-assigned, ZZ unknown: none is an assigned code.
    expect(['UK', 'EU', 'XK', 'ZZ', 'us', 'USA', ''].some(isCountryCode)).toBe(false);
  });

  it('normalises what clients send', () => {
    expect(normaliseCountryCode(' us ')).toBe('US');
    expect(normaliseCountryCode('Gb')).toBe('GB');
  });
});
