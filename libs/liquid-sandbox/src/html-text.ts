// Text made HTML: what the sandbox's escaping writes, and what a page's plain-text fields become.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** Plain text (an owner's description) as HTML paragraphs: escaped, blank lines between paragraphs, single breaks kept. */
export function textToParagraphs(text: unknown): string {
  const source = text === null || text === undefined ? '' : String(text);
  return source
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}
