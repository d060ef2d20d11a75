/** Where buyer sites answer: `<scheme>://<subdomain>.<domain>[:<port>]`. */
export interface SiteAddress {
  domain: string;
  scheme: string;
  /** '' for the scheme's default port. */
  port: string;
}

/**
 * The gateway serves buyer sites on the port it serves the API on, so a store's address takes PUBLIC_URL's scheme
 * and port (`npm start`: `http://<subdomain>.shops.localhost:8080`, which opens where it is printed); behind a proxy on
 * 443, PUBLIC_URL has none and neither has the store's. Without PUBLIC_URL, https on the default port.
 * STOREFRONT_URL_SCHEME overrides the scheme, and then the port is PUBLIC_URL's only when the schemes agree.
 */
export function siteAddressOf(config: { STOREFRONT_DOMAIN: string; STOREFRONT_URL_SCHEME?: string; PUBLIC_URL?: string }): SiteAddress {
  const publicUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : undefined;
  const publicScheme = publicUrl?.protocol.slice(0, -1);
  const scheme = config.STOREFRONT_URL_SCHEME ?? publicScheme ?? 'https';
  return { domain: config.STOREFRONT_DOMAIN, scheme, port: publicUrl && scheme === publicScheme ? publicUrl.port : '' };
}

export function storeSiteUrl(subdomain: string, site: SiteAddress): string {
  return `${site.scheme}://${subdomain}.${site.domain}${site.port ? `:${site.port}` : ''}`;
}

/**
 * The hosts the platform serves itself, lowercase and each once: the storefront domain, the assets host, the API host
 * and any of RESERVED_DOMAINS (comma-separated). No store may take one as its custom domain (domain/store.ts isPlatformHost).
 */
export function platformDomainsOf(config: {
  STOREFRONT_DOMAIN: string;
  ASSETS_BASE_URL?: string;
  PUBLIC_URL?: string;
  RESERVED_DOMAINS: string;
}): string[] {
  const hostOf = (url: string | undefined) => (url ? new URL(url.startsWith('//') ? `https:${url}` : url).hostname : '');
  const configured = config.RESERVED_DOMAINS.split(',').map((domain) => domain.trim());
  const domains = [config.STOREFRONT_DOMAIN, hostOf(config.ASSETS_BASE_URL), hostOf(config.PUBLIC_URL), ...configured];
  return [...new Set(domains.map((domain) => domain.toLowerCase()).filter(Boolean))];
}
