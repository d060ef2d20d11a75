import type { Request, Response } from 'express';
import { mediaOriginOf } from '@commerce/api-presenters';
import { ok } from './envelope';

/** What a paged backend answer says about the page it served. */
export interface PageResult {
  /** Records matching every filter, page aside. */
  total: number;
  /** The 1-based page and page size the backend actually applied (after defaults and clamping). */
  page: number;
  limit: number;
  /** Records on this page. */
  count: number;
  /** Highest id matching the filters (0 when none); null when the backend does not track it. */
  currentMaxId: number | null;
}

/** The `pagination` object beside `data` on every paged list (docs/api-conventions.md#paging). */
export interface Pagination {
  total: number;
  offset: number;
  total_pages: number;
  /** The next page; null on the last page (and past it), so a client following it stops. */
  next_url: string | null;
  current_max_id: number | null;
}

export interface PaginationOptions {
  /** The gateway's public address (config PUBLIC_URL); without it the request's own host is used. */
  publicUrl?: string;
}

/** Never echoed into a URL a client may log, share or follow from elsewhere. */
const CREDENTIAL_PARAMS = new Set(['api_key', 'access_token']);
const PAGE_PARAM = 'page';
/** Lists are ordered by id; bounding later pages below the first page's max id keeps inserts out of them. */
const PIN_PARAM = 'older_than_id';

/** Writes a paged list: `data`, `pagination` beside it, and `Link: <next_url>; rel="next"` while there is a next page. */
export function sendPage(req: Request, res: Response, data: unknown, result: PageResult, options: PaginationOptions = {}): void {
  const pagination = paginationOf(req, result, options);
  if (pagination.next_url) res.setHeader('Link', `<${pagination.next_url}>; rel="next"`);
  ok(res, data, { pagination });
}

export function paginationOf(req: Request, result: PageResult, options: PaginationOptions = {}): Pagination {
  const page = Math.max(result.page, 1);
  const offset = (page - 1) * result.limit;
  // A short page is the last whatever the count says (records deleted between the two reads).
  const hasNext = result.count >= result.limit && offset + result.count < result.total;
  const { path, query } = splitTarget(req.originalUrl || req.url);
  return {
    total: result.total,
    offset,
    total_pages: result.limit > 0 ? Math.ceil(result.total / result.limit) : 0,
    next_url: hasNext ? requestBaseUrl(req, options.publicUrl) + path + nextPageQuery(query, page + 1, result.currentMaxId) : null,
    current_max_id: result.currentMaxId,
  };
}

/** A page of a list read by cursor (no total): the service says whether records are left after it. */
export interface CursorPage {
  /** The page size the service applied. */
  limit: number;
  hasMore: boolean;
  /** The parameter that carries the cursor and its value for the next page (the last id of this one). */
  cursor: { name: string; value: string | number };
}

/** Writes a cursor-paged list: `data`, `pagination: {limit, next_url}` beside it, and `Link` while the service has more. */
export function sendCursorPage(req: Request, res: Response, data: unknown, page: CursorPage, options: PaginationOptions = {}): void {
  const nextUrl = page.hasMore ? cursorPageUrl(req, page.cursor.name, page.cursor.value, options) : null;
  if (nextUrl) res.setHeader('Link', `<${nextUrl}>; rel="next"`);
  ok(res, data, { pagination: { limit: page.limit, next_url: nextUrl } });
}

/** The request's URL with `name` set to `value` (other parameters kept in order, credentials dropped). */
export function cursorPageUrl(req: Request, name: string, value: string | number, options: PaginationOptions = {}): string {
  const { path, query } = splitTarget(req.originalUrl || req.url);
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (CREDENTIAL_PARAMS.has(key.toLowerCase())) params.delete(key);
  params.set(name, String(value));
  return `${requestBaseUrl(req, options.publicUrl)}${path}?${params.toString()}`;
}

/**
 * The query of the next page: the request's own parameters in their order and encoding, minus
 * credentials, with `page` set to `nextPage`. When no `older_than_id` bounds the list yet, it is
 * pinned to `currentMaxId + 1` (the bound is exclusive, and the max itself is on some page), so
 * records created while a client walks the pages do not shift the pages it has not read yet.
 */
export function nextPageQuery(query: string, nextPage: number, currentMaxId: number | null): string {
  const parts = query.split('&').filter((part) => part !== '');
  const kept = parts.filter((part) => {
    const name = baseNameOf(part);
    return name !== PAGE_PARAM && !CREDENTIAL_PARAMS.has(name.toLowerCase()) && !(name === PIN_PARAM && valueOf(part) === '');
  });
  const pinned = kept.some((part) => baseNameOf(part) === PIN_PARAM);
  if (!pinned && currentMaxId !== null && currentMaxId > 0) kept.push(`${PIN_PARAM}=${currentMaxId + 1}`);
  kept.push(`${PAGE_PARAM}=${nextPage}`);
  return `?${kept.join('&')}`;
}

/**
 * `//api.example.com`: the origin the photo JSON's media URLs are written on (docs/media.md#serving), PUBLIC_URL's host,
 * else the request's own, as for paging links.
 */
export function mediaOriginFor(req: Request, publicUrl?: string): string {
  return mediaOriginOf(requestBaseUrl(req, publicUrl));
}

/** `https://api.example.com` from PUBLIC_URL, else `<protocol>://<Host header>` of the request. */
export function requestBaseUrl(req: Request, publicUrl?: string): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

function splitTarget(target: string): { path: string; query: string } {
  const queryStart = target.indexOf('?');
  if (queryStart === -1) return { path: target, query: '' };
  return { path: target.slice(0, queryStart), query: target.slice(queryStart + 1) };
}

/** `api_key=x` → `api_key`; `api%5Fkey=x` → `api_key`; `owner[email]=x` → `owner`. */
function baseNameOf(part: string): string {
  const equals = part.indexOf('=');
  const name = decodeComponent(equals === -1 ? part : part.slice(0, equals));
  const bracket = name.indexOf('[');
  return bracket === -1 ? name : name.slice(0, bracket);
}

function valueOf(part: string): string {
  const equals = part.indexOf('=');
  return equals === -1 ? '' : decodeComponent(part.slice(equals + 1)).trim();
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
