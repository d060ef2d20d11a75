/**
 * A buyer-site address: the store's subdomain on the platform, or a custom domain it claimed. Stores hold both
 * lowercase (create-store lowercases the subdomain, normalizeStoreChanges the custom domain), so a lookup
 * normalizes what a browser sent the same way.
 */
export type StoreAddress = { kind: 'subdomain'; value: string } | { kind: 'custom_domain'; value: string };

/** A subdomain as the store holds it: trimmed and lowercase. */
export function normalizeSubdomain(subdomain: string): string {
  return subdomain.trim().toLowerCase();
}

/**
 * A host name as a custom domain is held: trimmed, lowercase, without the port a Host header may carry
 * (`Shop.Example.com:8443`) and without the root's trailing dot (`shop.example.com.`).
 */
export function normalizeHostName(host: string): string {
  return host.trim().toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');
}

/** The address normalized for a lookup; an empty value is the caller's mistake, named by its field. */
export function normalizeStoreAddress(address: StoreAddress): StoreAddress {
  return address.kind === 'subdomain'
    ? { kind: 'subdomain', value: normalizeSubdomain(address.value) }
    : { kind: 'custom_domain', value: normalizeHostName(address.value) };
}
