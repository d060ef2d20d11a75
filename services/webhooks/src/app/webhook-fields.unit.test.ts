import { checkedChangesAsync, checkedFieldsAsync } from '@commerce/grpc-runtime';
import { DnsResolver } from '../infra/dns.resolver';
import { targetRefusal, webhookFieldsOf } from './webhook-fields';
import type { HostResolver } from './webhooks-deps';

/** A DNS written for the test: names to addresses; anything else does not exist. */
function dnsOf(records: Record<string, string[]>): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    addressesOf: async (host) => {
      asked.push(host);
      return records[host] ?? null;
    },
  };
}

const DNS = dnsOf({
  'hooks.example.com': ['93.184.215.14', '2606:2800:220:1:248:1893:25c8:1946'],
  'sneaky.example.com': ['93.184.215.14', '10.1.2.3'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'bench.example.com': ['93.184.215.14', '198.18.0.1'],
  'relay.example.com': ['2002:c612:1::1'],
});
/** Every refusal ends so: an operator who means to deliver inside the network learns the setting that allows it. */
const PUBLIC_ONLY =
  'webhooks are delivered to public addresses only (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true on the webhooks service allows any address)';
const TOPICS = new Set(['order/paid', 'order/created']);
const deps = { resolver: DNS, allowPrivateNetworks: false, topics: TOPICS };
const target = (host: string, literal = false) => ({
  url: `https://${literal && host.includes(':') ? `[${host}]` : host}/hook`,
  host,
  literal,
});

describe('targetRefusal', () => {
  it('lets a name whose every address is public receive webhooks', async () => {
    expect(await targetRefusal(deps, target('hooks.example.com'))).toBeNull();
  });

  it.each([
    ['sneaky.example.com', `has a host (sneaky.example.com) that resolves to a private address (10.1.2.3); ${PUBLIC_ONLY}`],
    ['metadata.example.com', `has a host (metadata.example.com) that resolves to a link-local address (169.254.169.254); ${PUBLIC_ONLY}`],
    ['mapped.example.com', `has a host (mapped.example.com) that resolves to a loopback address (::ffff:127.0.0.1); ${PUBLIC_ONLY}`],
    ['bench.example.com', `has a host (bench.example.com) that resolves to a reserved address (198.18.0.1); ${PUBLIC_ONLY}`],
    ['relay.example.com', `has a host (relay.example.com) that resolves to a reserved address (2002:c612:1::1); ${PUBLIC_ONLY}`],
    ['nowhere.example.com', 'has a host that does not resolve (nowhere.example.com)'],
  ])('refuses %s after resolving it', async (host, refusal) => {
    expect(await targetRefusal(deps, target(host))).toBe(refusal);
  });

  it('judges a literal address as it is, without DNS', async () => {
    DNS.asked.length = 0;
    expect(await targetRefusal(deps, target('93.184.215.14', true))).toBeNull();
    expect(await targetRefusal(deps, target('192.168.0.10', true))).toBe(`points to a private address (192.168.0.10); ${PUBLIC_ONLY}`);
    expect(await targetRefusal(deps, target('::1', true))).toBe(`points to a loopback address (::1); ${PUBLIC_ONLY}`);
    expect(await targetRefusal(deps, target('198.18.0.1', true))).toBe(`points to a reserved address (198.18.0.1); ${PUBLIC_ONLY}`);
    expect(DNS.asked).toEqual([]);
  });

  it('refuses localhost, which the system resolver answers with 127.0.0.1', async () => {
    const refusal = await targetRefusal({ resolver: new DnsResolver(), allowPrivateNetworks: false }, target('localhost'));
    expect(refusal).toMatch(/^has a host \(localhost\) that resolves to a loopback address \((127\.0\.0\.1|::1)\)/);
    expect(refusal).toContain('WEBHOOK_ALLOW_PRIVATE_NETWORKS=true');
  });

  it('resolves nothing and refuses nothing when private networks are allowed', async () => {
    DNS.asked.length = 0;
    const allowed = { ...deps, allowPrivateNetworks: true };
    expect(await targetRefusal(allowed, target('localhost'))).toBeNull();
    expect(await targetRefusal(allowed, target('127.0.0.1', true))).toBeNull();
    expect(DNS.asked).toEqual([]);
  });
});

describe('the webhook fields', () => {
  it('answers the fields normalised', async () => {
    expect(
      await checkedFieldsAsync(webhookFieldsOf(deps), {
        url: ' https://hooks.example.com/in ',
        events: ['order/paid', 'order/paid', ' order/created'],
      }),
    ).toEqual({
      url: 'https://hooks.example.com/in',
      events: ['order/paid', 'order/created'],
    });
  });

  it('checks only the fields given', async () => {
    expect(await checkedChangesAsync(webhookFieldsOf(deps), { events: ['order/paid'] })).toEqual({ events: ['order/paid'] });
  });

  it('refuses every broken field at once, as INVALID_ARGUMENT per field', async () => {
    await expect(
      checkedFieldsAsync(webhookFieldsOf(deps), { url: 'https://u:p@hooks.example.com/', events: ['order/lost'] }),
    ).rejects.toMatchObject({
      reason: 'INVALID_ARGUMENT',
      fieldViolations: {
        url: ['must not contain a user name or password'],
        events: ['has a topic that is not a public topic: "order/lost"'],
      },
    });
  });
});
