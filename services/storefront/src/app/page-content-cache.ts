/**
 * Rendered page content (a store template's output, before the layout) that read nothing of one buyer's: kept by a key
 * naming every input it was rendered from (the store's version, its templates, the catalog projection's version, the
 * base path, the page), so a change of any of them is a new key and the old entry simply ages out. Bounded by entries
 * and by characters, least recently used dropped first.
 */
export class PageContentCache {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly maxEntries = 2_000,
    private readonly maxChars = 32_000_000,
  ) {}

  get(key: string): string | undefined {
    const content = this.entries.get(key);
    if (content === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, content);
    return content;
  }

  set(key: string, content: string): void {
    if (content.length > this.maxChars / 10) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.chars -= previous.length;
    }
    this.entries.set(key, content);
    this.chars += content.length;
    while (this.entries.size > this.maxEntries || this.chars > this.maxChars) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.chars -= oldest.length;
    }
  }
}

/** Names of the page variables that are one buyer's own: content that read any of them is never kept. */
export const VISITOR_VARIABLES = ['cart', 'csrf_token', 'checkout', 'order'] as const;

/**
 * The variables, with the buyer's own ones behind getters that note a read: whether the rendering read any (through
 * an include too) decides whether its output may be kept for every buyer.
 */
export function trackingVisitorReads(variables: Record<string, unknown>): {
  scope: Record<string, unknown>;
  readVisitorData: () => boolean;
} {
  let read = false;
  const scope: Record<string, unknown> = { ...variables };
  for (const name of VISITOR_VARIABLES) {
    if (!(name in variables)) continue;
    const value = variables[name];
    Object.defineProperty(scope, name, {
      enumerable: true,
      get: () => {
        read = true;
        return value;
      },
    });
  }
  return { scope, readVisitorData: () => read };
}
