/**
 * Characters that show nothing on their own: white space, control characters (C0, DEL, C1), format characters
 * (zero-width space/joiners, word joiner, BOM, bidirectional marks and overrides, soft hyphen...), and the
 * invisible math operators. A name made only of these renders as nothing, or as something else than it is.
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\u2061-\u2064\u3164\uFFA0\u115F\u1160]/gu;

/** The text without its invisible characters: what a reader actually sees of it. */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** True when nothing of the text would be visible: empty, spaces, or only control/zero-width/format characters. */
export function isBlankText(text: string): boolean {
  return visibleText(text).length === 0;
}
