import { addressRefusal, MAX_URL_LENGTH, parseOutboundUrl } from './outbound-url';

describe('parseOutboundUrl', () => {
  it.each([
    ['https://example.com/hooks/orders?x=1', 'example.com', false],
    ['http://example.com:8080/hook', 'example.com', false],
    ['  https://93.184.215.14/hook  ', '93.184.215.14', true],
    ['https://[2606:2800:220:1:248:1893:25c8:1946]/hook', '2606:2800:220:1:248:1893:25c8:1946', true],
  ])('takes %s (host %s)', (text, host, literal) => {
    expect(parseOutboundUrl(text)).toEqual({ url: text.trim(), host, literal });
  });

  it('keeps the url as given, trimmed', () => {
    expect(parseOutboundUrl(' HTTPS://Example.com/Hook ')).toMatchObject({ url: 'HTTPS://Example.com/Hook', host: 'example.com' });
  });

  it.each([
    ['', "can't be blank"],
    ['   ', "can't be blank"],
    ['example.com/hook', 'must be an absolute http or https URL'],
    ['/hook', 'must be an absolute http or https URL'],
    ['ftp://example.com/hook', 'must be an absolute http or https URL'],
    ['javascript:alert(1)', 'must be an absolute http or https URL'],
    ['file:///etc/passwd', 'must be an absolute http or https URL'],
    ['https://', 'must be an absolute http or https URL'],
    ['http://[fe80::1%25eth0]/', 'must be an absolute http or https URL'],
    ['https://user:secret@example.com/hook', 'must not contain a user name or password'],
    ['https://user@example.com/hook', 'must not contain a user name or password'],
    ['https://:secret@example.com/hook', 'must not contain a user name or password'],
  ])('refuses %p: %s', (text, violation) => {
    expect(parseOutboundUrl(text)).toEqual({ violation });
  });

  it('takes 2,048 characters and refuses one more', () => {
    const base = 'https://example.com/';
    expect(parseOutboundUrl(base + 'a'.repeat(MAX_URL_LENGTH - base.length))).toHaveProperty('url');
    expect(parseOutboundUrl(base + 'a'.repeat(MAX_URL_LENGTH - base.length + 1))).toEqual({ violation: 'must be at most 2048 characters' });
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
  ])('reads the address another spelling of an IP literal means: %s', (text, host) => {
    expect(parseOutboundUrl(text)).toMatchObject({ host, literal: true });
  });
});

describe('addressRefusal', () => {
  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '2606:2800:220:1:248:1893:25c8:1946',
    '2001:4860:4860::8888',
    '::ffff:93.184.215.14',
    '64:ff9b::808:808',
  ])('lets public %s receive webhooks', (address) => {
    expect(addressRefusal(address)).toBeNull();
  });

  it.each([
    ['10.0.0.1', 'a private address'],
    ['172.16.5.4', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.10', 'a private address'],
    ['100.64.0.1', 'a private address'],
    ['fd00::1', 'a private address'],
    ['fc12:3456::1', 'a private address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['169.254.169.254', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['255.255.255.255', 'a broadcast address'],
    ['192.0.2.1', 'a reserved address'],
    ['240.0.0.1', 'a reserved address'],
    ['2001:db8::1', 'a reserved address'],
    ['::7f00:1', 'a reserved address'],
  ])('refuses %s as %s', (address, kind) => {
    expect(addressRefusal(address)).toBe(`${kind} (${address})`);
  });

  // IANA's special-purpose registries (iana-ipv4-special-registry, iana-ipv6-special-registry): none is plain unicast.
  it.each([
    '198.18.0.1',
    '198.19.255.254',
    '192.0.0.9',
    '192.0.0.170',
    '192.31.196.1',
    '192.52.193.1',
    '192.88.99.1',
    '192.175.48.1',
    '198.51.100.7',
    '203.0.113.9',
    '100::1',
    '64:ff9b:1::1',
    '2001::1',
    '2001:1::1',
    '2001:2::1',
    '2001:3::1',
    '2001:4:112::1',
    '2001:20::1',
    '2001:30::1',
    '2002:c612:1::1',
    '2620:4f:8000::1',
    '3fff::1',
    '5f00::1',
    'fec0::1',
    '::ffff:0:a00:1',
    '::ffff:198.18.0.1',
    '::ffff:c612:1',
    '64:ff9b::c612:1',
  ])('refuses the special-purpose address %s', (address) => {
    expect(addressRefusal(address)).toBe(`a reserved address (${address})`);
  });

  it.each([
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.1.2.3', 'a private address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    ['64:ff9b::a00:1', 'a private address'],
    ['64:ff9b::7f00:1', 'a loopback address'],
  ])('judges IPv4 inside IPv6 (%s) as the IPv4 address it carries', (address, kind) => {
    expect(addressRefusal(address)).toBe(`${kind} (${address})`);
  });
});
