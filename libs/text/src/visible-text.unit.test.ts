import { isBlankText, visibleText } from './visible-text';

describe('isBlankText', () => {
  it.each([
    ['empty', ''],
    ['spaces and tabs', ' \t\n '],
    ['zero-width space, non-joiner, joiner', '\u200b\u200c\u200d'],
    ['control characters', '\u0000\u0007\u001b\u007f\u0085'],
    ['word joiner, BOM, soft hyphen', '\u2060\ufeff\u00ad'],
    ['bidirectional override and marks', '\u202e\u200e\u200f'],
    ['Hangul filler', '\u3164'],
    ['no-break and ideographic spaces', '\u00a0\u3000'],
  ])('is blank: %s', (_what, text) => {
    expect(isBlankText(text)).toBe(true);
  });

  it.each(['A', 'Café', ' x ', '\u200dZ', '店', '🙂', '0'])('is not blank: %p', (text) => {
    expect(isBlankText(text)).toBe(false);
  });

  it('keeps what a reader sees', () => {
    expect(visibleText('Ca\u200bfé\u202e')).toBe('Café');
  });
});
