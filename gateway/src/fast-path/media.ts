import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { status } from '@grpc/grpc-js';
import { PHOTO_SIZES } from '@commerce/api-presenters';
import type { media } from '@commerce/contracts';
import { ApiError } from '../errors/api-error';
import { renderError } from '../errors/render-error';
import { isRemoteError } from '../errors/remote-error';

/** One rendition, as served and cached. */
export interface Rendition {
  data: Buffer;
  contentType: string;
  /** The strong ETag, quoted. */
  etag: string;
}

export type RenditionFormat = 'webp' | 'jpeg';

/** What the handler asks media: GetRendition. */
export interface RenditionSource {
  getRendition(request: media.GetRenditionRequest): Promise<media.GetRenditionResponse>;
}

export interface MediaServingOptions {
  /** Bytes of renditions kept in memory (MEDIA_CACHE_BYTES); 0 keeps none. */
  cacheBytes: number;
}

const KEY = /^[0-9a-f]{64}$/;
const SIZES: ReadonlySet<string> = new Set(PHOTO_SIZES);
const PREFIX = '/media/';

/** `/media/<key>/<size>` (a query string ignored) → its key and size; undefined for anything else. */
export function parseMediaPath(url: string): { key: string; size: string } | undefined {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!path.startsWith(PREFIX)) return undefined;
  const rest = path.slice(PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash !== 64) return undefined;
  const key = rest.slice(0, 64);
  const size = rest.slice(65);
  return KEY.test(key) && SIZES.has(size) ? { key, size } : undefined;
}

/**
 * WebP when the client names `image/webp` with a q above 0, else JPEG. Only the explicit type counts: browsers
 * that decode WebP say so, while `*\/*` and `image/*` are also sent by those that do not.
 */
export function formatFor(accept: string | undefined): RenditionFormat {
  if (!accept) return 'jpeg';
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';');
    if (type!.trim().toLowerCase() !== 'image/webp') continue;
    const q = params.map((param) => param.trim().toLowerCase()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0 ? 'webp' : 'jpeg';
  }
  return 'jpeg';
}

/** If-None-Match against our ETag, by the weak comparison RFC 9110 (13.1.2) prescribes for it; `*` matches any. */
export function noneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/** Least recently used renditions kept up to a byte budget. Renditions are immutable: a kept one is never stale. */
export class RenditionCache {
  private readonly entries = new Map<string, Rendition>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Rendition | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Move to the most recent end.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, rendition: Rendition): void {
    const size = rendition.data.length;
    if (size > this.maxBytes) return; // would evict everything for one entry
    const previous = this.entries.get(key);
    if (previous) {
      this.used -= previous.data.length;
      this.entries.delete(key);
    }
    this.entries.set(key, rendition);
    this.used += size;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.data.length;
    }
  }

  get bytes(): number {
    return this.used;
  }
}

const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves `/media/<key>/<size>` ahead of Express (docs/media.md#serving), on every host, without a credential: the
 * key is the bytes' hash and reveals nothing else. A rendition is asked of media once per (key, size, format) at a
 * time however many requests wait for it, then kept in a bounded LRU.
 */
export function mediaHandler(source: RenditionSource, options: MediaServingOptions) {
  const cache = new RenditionCache(options.cacheBytes);
  const inFlight = new Map<string, Promise<Rendition>>();

  const renditionOf = (key: string, size: string, format: RenditionFormat): Promise<Rendition> => {
    const id = `${key}/${size}/${format}`;
    const cached = cache.get(id);
    if (cached) return Promise.resolve(cached);
    let pending = inFlight.get(id);
    if (!pending) {
      pending = source
        .getRendition({ key, size, format })
        .then((answer) => {
          const rendition = { data: Buffer.from(answer.data), contentType: answer.content_type, etag: `"${answer.digest}"` };
          cache.set(id, rendition);
          return rendition;
        })
        .finally(() => inFlight.delete(id));
      inFlight.set(id, pending);
    }
    return pending;
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(res, new ApiError(405, 'Media answers GET and HEAD only', { headers: { Allow: 'GET, HEAD' } }));
    }
    const target = parseMediaPath(req.url ?? '');
    if (!target) return sendError(res, notFound());
    const format = formatFor(req.headers.accept);
    renditionOf(target.key, target.size, format).then(
      (rendition) => sendRendition(req, res, rendition),
      (error: unknown) => sendError(res, failureOf(error)),
    );
  };
}

const notFound = () => new ApiError(404, 'Not found');

function failureOf(error: unknown): ApiError {
  if (isRemoteError(error) && (error.code === status.NOT_FOUND || error.code === status.INVALID_ARGUMENT)) return notFound();
  if (isRemoteError(error) && (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED))
    return new ApiError(503, 'Images are unavailable; retry later', { headers: { 'Retry-After': '1' } });
  return new ApiError(500, 'Internal error');
}

function sendRendition(req: IncomingMessage, res: ServerResponse, rendition: Rendition): void {
  res.setHeader('ETag', rendition.etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  res.setHeader('Vary', 'Accept');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (noneMatch(req.headers['if-none-match'], rendition.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', rendition.contentType);
  res.setHeader('Content-Length', rendition.data.length);
  if (req.method === 'HEAD') res.end();
  else res.end(rendition.data);
}

function sendError(res: ServerResponse, error: ApiError): void {
  const requestId = randomUUID();
  const { status: code, body, headers } = renderError(error, requestId);
  const payload = JSON.stringify(body);
  res.statusCode = code;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('X-Request-Id', requestId);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}
