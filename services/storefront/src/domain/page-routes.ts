/** Which page of a store's buyer site a site-relative path names (docs/buyer-site.md#pages); the renderer picks its template by it. */
export type PageRoute =
  | { kind: 'home'; page: number }
  | { kind: 'product'; productId: number }
  | { kind: 'collection'; collectionId: number; page: number }
  | { kind: 'contact' }
  | { kind: 'faq' }
  | { kind: 'custom'; permalink: string }
  | { kind: 'cart' }
  | { kind: 'checkout' }
  | { kind: 'confirmation'; token: string }
  | { kind: 'stylesheet' }
  | { kind: 'not_found' };

export type PageKind = PageRoute['kind'];

const NOT_FOUND: PageRoute = { kind: 'not_found' };
// An id as the site writes it: digits, optionally followed by "-<slug>" ("/product/12-green-tea").
const ID_SEGMENT = /^([1-9][0-9]{0,15})(?:-[^/]*)?$/;
const PLAIN_ID = /^([1-9][0-9]{0,15})$/;
const PERMALINK = /^[a-z0-9][a-z0-9_-]{0,99}$/i;
const TOKEN = /^[A-Za-z0-9._~-]{1,512}$/;
const MAX_PAGE = 100_000;

/**
 * The page a path names. `path` is site-relative ("/", "/product/12-tee"), without the query; a trailing slash
 * is ignored. `query.page` numbers the pages of a listing (1 when absent or not a positive integer).
 */
export function routeOf(path: string, query: Readonly<Record<string, string>> = {}): PageRoute {
  const segments = segmentsOf(path);
  if (!segments) return NOT_FOUND;
  const page = pageNumberOf(query.page);
  const [first, second, ...rest] = segments;
  if (first === undefined) return { kind: 'home', page };
  if (rest.length > 0) return NOT_FOUND;
  if (second === undefined) return singleSegmentRoute(first);
  switch (first) {
    case 'product':
      return idRoute(second, ID_SEGMENT, (productId) => ({ kind: 'product', productId }));
    case 'products':
    case 'p':
      return idRoute(second, PLAIN_ID, (productId) => ({ kind: 'product', productId }));
    case 'collections':
      return idRoute(second, ID_SEGMENT, (collectionId) => ({ kind: 'collection', collectionId, page }));
    case 'pages':
      return PERMALINK.test(second) ? { kind: 'custom', permalink: second.toLowerCase() } : NOT_FOUND;
    case 'orders':
      return TOKEN.test(second) ? { kind: 'confirmation', token: second } : NOT_FOUND;
    default:
      return NOT_FOUND;
  }
}

function singleSegmentRoute(segment: string): PageRoute {
  switch (segment) {
    case 'contact':
      return { kind: 'contact' };
    case 'faq':
      return { kind: 'faq' };
    case 'cart':
      return { kind: 'cart' };
    case 'checkout':
      return { kind: 'checkout' };
    case 'store.css':
      return { kind: 'stylesheet' };
    default:
      return NOT_FOUND;
  }
}

function idRoute(segment: string, pattern: RegExp, route: (id: number) => PageRoute): PageRoute {
  const match = pattern.exec(segment);
  if (!match) return NOT_FOUND;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? route(id) : NOT_FOUND;
}

/** "/a/b/" → ["a", "b"]; "/" → []; null for a path that is not site-relative or has empty segments ("//x", "/a//b"). */
function segmentsOf(path: string): string[] | null {
  if (!path.startsWith('/')) return null;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(1, -1) : path.slice(1);
  if (trimmed === '') return [];
  const segments = trimmed.split('/');
  return segments.some((segment) => segment === '') ? null : segments;
}

/** A listing's page number from `?page=`: a positive integer, else 1. */
export function pageNumberOf(value: string | undefined): number {
  if (value === undefined || !/^[0-9]{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}
