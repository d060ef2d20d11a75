import ipaddr from 'ipaddr.js';

export const MAX_URL_LENGTH = 2_048;
const SCHEMES = new Set(['http:', 'https:']);

/**
 * The rules for an address the platform connects to on an owner's behalf (docs/security.md#outbound-requests): a webhook's
 * target, a photo given by URL. Only public internet addresses; the check is made on the address actually connected to.
 */

/** A url that passed the rules that need no DNS: where it points, for the address check. */
export interface OutboundTarget {
  /** As given, trimmed (what is stored and answered). */
  url: string;
  /** The host name to resolve, or the literal address (IPv6 without brackets). */
  host: string;
  /** True when the host is an IP address: checked as it is, nothing to resolve. */
  literal: boolean;
}

/** The url's rules before DNS: absolute http(s), no user:password, at most 2,048 characters. A message when broken. */
export function parseOutboundUrl(text: string): OutboundTarget | { violation: string } {
  const url = text.trim();
  if (url === '') return { violation: "can't be blank" };
  if (url.length > MAX_URL_LENGTH) return { violation: `must be at most ${MAX_URL_LENGTH} characters` };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { violation: 'must be an absolute http or https URL' };
  }
  if (!SCHEMES.has(parsed.protocol)) return { violation: 'must be an absolute http or https URL' };
  if (parsed.username !== '' || parsed.password !== '') return { violation: 'must not contain a user name or password' };
  // WHATWG parsing already turned 2130706433, 0x7f.1 and 127.1 into 127.0.0.1, and brackets an IPv6 host.
  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  if (host === '') return { violation: 'must be an absolute http or https URL' };
  return { url, host, literal: ipaddr.isValid(host) };
}

/** 2000::/3: the only IPv6 space routed on the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** 64:ff9b::/96 (NAT64, RFC 6052): the IPv4 address in the last 32 bits is the real target. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * Why the platform may not connect to an address (a webhook's target, a photo's source), or null for a public one:
 * anything ipaddr.js does not call plain `unicast` ("a loopback address (127.0.0.1)"). Its ranges follow IANA's
 * special-purpose registries (private, loopback, link-local, multicast, and reserved ones such as benchmarking
 * 198.18.0.0/15, AS112, AMT, 6to4, Teredo, documentation), kept by the library rather than by a list of our own; IPv6
 * outside 2000::/3 is refused too. IPv4 written inside IPv6 (::ffff:10.0.0.1, 64:ff9b::a00:1) is judged as the IPv4 address it carries.
 */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return `not an IP address (${address})`;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else if (v6.match(NAT64)) ip = ipaddr.fromByteArray(v6.toByteArray().slice(12));
  }
  const range = ip.range();
  if (range !== 'unicast') return `${describeRange(range)} (${address})`;
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return `a reserved address (${address})`;
  return null;
}

const RANGE_NAMES: Record<string, string> = {
  private: 'a private address',
  uniqueLocal: 'a private address',
  carrierGradeNat: 'a private address',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
};

const describeRange = (range: string): string => RANGE_NAMES[range] ?? 'a reserved address';
