import type { Request } from 'express';

/** A Host header a URL reads as a host and nothing else: a DNS name or an IP literal, and a port. No path, user or second host. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export interface PlatformOrigin {
  /** `scheme://host[:port]`, as the dashboard's redirect URI starts. */
  origin: string;
  /** Read from the request's Host, which only the browser vouches for: redirects to it are sent as paths (`locationOf`). */
  fromRequest: boolean;
}

/**
 * The platform's origin, which the dashboard's redirect URI is on (docs/oauth.md#the-dashboards-first-party-client): PUBLIC_URL's; without
 * it, the one the browser asked for: its Host (the gateway's proxy keeps it: gateway/src/pages/identity-pages.proxy.ts) on http,
 * the scheme the cookies assume without PUBLIC_URL (pages.server.ts). No X-Forwarded-* is read, as for the client's address.
 */
export function platformOriginReader(publicUrl: string | undefined): (req: Request) => PlatformOrigin | undefined {
  const configured = publicUrl?.replace(/\/+$/, '');
  return (req) => {
    if (configured) return { origin: configured, fromRequest: false };
    const host = req.headers.host;
    return host && HOST.test(host) ? { origin: new URL(`http://${host}`).origin, fromRequest: true } : undefined;
  };
}

/**
 * The Location of a redirect to `url`. One to the origin the request's own Host named is sent as a path: the browser resolves
 * it against the address it really asked for, so a forged Host cannot send a code anywhere else (RFC 9110 §10.2.2).
 */
export function locationOf(url: string, platform: PlatformOrigin | undefined): string {
  if (!platform?.fromRequest) return url;
  const target = new URL(url);
  const path = `${target.pathname}${target.search}`;
  // `//host/...` would read as another host: such a URL is sent whole.
  return target.origin === platform.origin && !path.startsWith('//') ? path : url;
}
