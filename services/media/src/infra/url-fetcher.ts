import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressRefusal, parseOutboundUrl } from '@commerce/outbound-address';
import { MAX_IMAGE_BYTES } from '../domain/image-rules';
import type { FetchResult, UrlFetcher } from '../app/media-deps';

/** Redirects followed, each checked as the first address was. */
const MAX_REDIRECTS = 3;

export interface UrlFetcherOptions {
  /** The whole fetch: every lookup, connection, redirect and byte. */
  timeoutMs: number;
  /** Private, loopback and link-local addresses allowed (tests against a server on this machine). */
  allowPrivateNetworks: boolean;
  maxBytes?: number;
  /** Why an address is refused, or null (default: the outbound rules unless private networks are allowed); tests narrow it. */
  refusal?: (address: string) => string | null;
}

/**
 * Fetches a photo given by URL (docs/media.md#photos-given-by-url) under the outbound address rules
 * (docs/security.md#outbound-requests): every address the name resolves to must be public, the connection goes to the
 * address checked (the lookup answers it, so DNS is not asked again in between), a redirect is checked the same way
 * before it is followed (at most 3), the body is cut at 25 MB (Content-Length first), and the whole fetch has one
 * deadline. Never throws: a failure is a short reason the owner can read.
 */
export class HttpUrlFetcher implements UrlFetcher {
  constructor(private readonly options: UrlFetcherOptions) {}

  async fetch(url: string): Promise<FetchResult> {
    const deadline = Date.now() + this.options.timeoutMs;
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const target = parseOutboundUrl(current);
      if ('violation' in target) return { error: `the address ${target.violation}` };
      const address = await this.checkedAddress(target.host, target.literal, deadline);
      if ('error' in address) return address;
      const answer = await this.get(current, address.address, deadline);
      if ('redirect' in answer) {
        current = new URL(answer.redirect, current).toString();
        continue;
      }
      return answer;
    }
    return { error: `more than ${MAX_REDIRECTS} redirects` };
  }

  private async checkedAddress(host: string, literal: boolean, deadline: number): Promise<{ address: string } | { error: string }> {
    let addresses: string[];
    if (literal) addresses = [host];
    else {
      try {
        const found = await withDeadline(lookup(host, { all: true, verbatim: true }), deadline);
        addresses = found.map((entry) => entry.address);
      } catch {
        return { error: `${host} could not be resolved` };
      }
    }
    if (addresses.length === 0) return { error: `${host} has no address` };
    const refusalOf = this.options.refusal ?? (this.options.allowPrivateNetworks ? () => null : addressRefusal);
    for (const address of addresses) {
      const refusal = refusalOf(address);
      if (refusal) return { error: `the address points at ${refusal}` };
    }
    return { address: addresses[0]! };
  }

  private get(url: string, address: string, deadline: number): Promise<FetchResult | { redirect: string }> {
    const maxBytes = this.options.maxBytes ?? MAX_IMAGE_BYTES;
    return new Promise((resolve) => {
      const family = isIP(address);
      const pinned: LookupFunction = (_hostname, options, callback) => {
        if ((options as { all?: boolean }).all)
          (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      };
      const parsed = new URL(url);
      const client = parsed.protocol === 'https:' ? https : http;
      let settled = false;
      const finish = (result: FetchResult | { redirect: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        resolve(result);
      };
      const request = client.get(
        parsed,
        { lookup: pinned, agent: false, headers: { accept: 'image/*', 'user-agent': 'StoreCommerce-Media/1.0' } },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400 && res.headers.location) return finish({ redirect: res.headers.location });
          if (status !== 200) return finish({ error: `the address answered ${status}` });
          const declared = Number(res.headers['content-length'] ?? NaN);
          if (declared > maxBytes) return finish({ error: `the image is larger than ${maxBytes / 1024 / 1024} MB` });
          const chunks: Buffer[] = [];
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > maxBytes) finish({ error: `the image is larger than ${maxBytes / 1024 / 1024} MB` });
            else chunks.push(chunk);
          });
          res.on('end', () => finish({ bytes: Buffer.concat(chunks) }));
          res.on('error', () => finish({ error: 'the connection broke while the image was read' }));
        },
      );
      const timer = setTimeout(() => finish({ error: `no image within ${this.options.timeoutMs} ms` }), Math.max(0, deadline - Date.now()));
      request.on('error', (error: NodeJS.ErrnoException) =>
        finish({ error: `the address could not be reached (${error.code ?? 'error'})` }),
      );
    });
  }
}

function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
