import { SecretBox } from './secret-box';

const box = new SecretBox(Buffer.alloc(32, 1));

describe('SecretBox', () => {
  it('makes Standard Webhooks secrets: whsec_ and base64 of 24 random bytes', () => {
    const secret = box.generate();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(box.generate()).not.toBe(secret);
  });

  it('seals a secret so that nothing of it shows, with a new IV each time, and opens it back', () => {
    const secret = box.generate();
    const sealed = box.seal(secret, 'webhook:7:1');
    expect(JSON.stringify(sealed)).not.toContain(secret.slice('whsec_'.length));
    expect(JSON.stringify(sealed)).not.toContain('whsec_');
    expect(sealed.key_id).toMatch(/^[0-9a-f]{16}$/);
    expect(box.seal(secret, 'webhook:7:1').iv).not.toBe(sealed.iv);
    expect(box.open(sealed, 'webhook:7:1')).toBe(secret);
  });

  it('does not open a secret moved to another webhook, altered, or sealed with another key', () => {
    const sealed = box.seal(box.generate(), 'webhook:7:1');
    expect(() => box.open(sealed, 'webhook:8:1')).toThrow();
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] ^= 1;
    expect(() => box.open({ ...sealed, ciphertext: flipped.toString('base64') }, 'webhook:7:1')).toThrow();
    const other = new SecretBox(Buffer.alloc(32, 2));
    expect(() => other.open(sealed, 'webhook:7:1')).toThrow(/sealed with key/);
  });
});
