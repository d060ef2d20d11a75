// The port's `$contains` (collection.port.ts): text inside a string, ASCII letters in any case, every other character as
// written. SQLite's lower() folds ASCII letters only, so the port promises exactly that on every engine; MongoDB runs it
// as a regular expression of literal characters (no quantifier, no alternation: no input can make it backtrack).

const ASCII_UPPER = /[A-Z]/g;

/** The text with its ASCII letters in lower case (as SQLite's lower() answers it); other characters unchanged. */
export const asciiLowerCase = (text: string): string => text.replace(ASCII_UPPER, (letter) => letter.toLowerCase());

/** Whether `value` holds `text`, ASCII letters compared in any case. */
export const containsText = (value: string, text: string): boolean => asciiLowerCase(value).includes(asciiLowerCase(text));

/**
 * The regular expression (its source) that matches a string holding `text` as `containsText` does: each ASCII letter as a
 * class of its two cases, each other ASCII character that is not a digit escaped (a backslash before a non-alphanumeric
 * character is that character, in PCRE as in JavaScript), digits and characters beyond ASCII as they are.
 */
export function containsPattern(text: string): string {
  let pattern = '';
  for (const char of text) {
    if (/^[A-Za-z]$/.test(char)) pattern += `[${char.toLowerCase()}${char.toUpperCase()}]`;
    else if (/^[0-9]$/.test(char) || char.charCodeAt(0) > 0x7f) pattern += char;
    else pattern += `\\${char}`;
  }
  return pattern;
}
