/** Host names that are this machine: on one machine (`npm start`) the platform answers to each spelling. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The host names the platform's own pages (sign-in, sign-up, consent, account) answer on: PUBLIC_URL's, and,
 * when that is a loopback name, every loopback spelling (a newcomer types 127.0.0.1 as often as localhost, and
 * the stack tests reach the gateway by address). No store's site lives on any of them: store sites are
 * `<subdomain>.<STOREFRONT_DOMAIN>` or a custom domain, and the path form only redirects there
 * (docs/buyer-site.md#one-origin-per-store). Ports are not compared: cookies are kept per host name, not per port.
 */
export function platformHostsOf(publicUrl: string | undefined): ReadonlySet<string> {
  // Without PUBLIC_URL (a gateway run by hand), this machine: the pages are then reached on localhost only.
  const host = new URL(publicUrl ?? 'http://localhost').hostname.toLowerCase();
  return new Set(LOOPBACK.includes(host) ? LOOPBACK : [host]);
}

/** The host name of a Host header (`Shop.Example.com:8080` → `shop.example.com`, `[::1]:80` → `[::1]`), or ''. */
export function hostNameOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

export const isPlatformHost = (hostHeader: string | undefined, platformHosts: ReadonlySet<string>): boolean =>
  platformHosts.has(hostNameOf(hostHeader));
