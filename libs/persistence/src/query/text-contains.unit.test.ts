import fc from 'fast-check';
import { asciiLowerCase, containsPattern, containsText } from './text-contains';

// MongoDB runs `$contains` as containsPattern's regular expression; PCRE and JavaScript read its escapes alike.
describe('$contains as text and as a regular expression', () => {
  it('folds ASCII letters only, as SQLite lower() does', () => {
    expect(asciiLowerCase('Ann.LEE@École.FR')).toBe('ann.lee@École.fr');
    expect(containsText('Ann.Lee@Example.com', 'LEE@EX')).toBe(true);
    expect(containsText('Émile', 'émile')).toBe(false);
  });

  it('writes letters as classes and escapes every other ASCII character but digits', () => {
    expect(containsPattern('a1.*%_(É')).toBe('[aA]1\\.\\*\\%\\_\\(É');
  });

  it('matches exactly the strings containsText accepts, whatever the characters', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'B', '.', '*', '%', '_', '\\', '(', '[', '^', '$', '|', '?', '+', '1', 'é', 'É', ' '),
    });
    fc.assert(
      fc.property(text, text, (value, needle) => {
        expect(new RegExp(containsPattern(needle)).test(value)).toBe(containsText(value, needle));
      }),
      { numRuns: 2_000 },
    );
  });
});
