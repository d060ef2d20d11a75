import { scryptSync } from 'node:crypto';
import { hashPassword, verifyPassword } from './password';

describe('hashPassword', () => {
  it('answers scrypt$N$r$p$salt$hash with the parameters it used', async () => {
    const stored = await hashPassword('correct horse battery');

    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain('correct horse battery');
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });
});

describe('verifyPassword', () => {
  let stored: string;

  beforeAll(async () => {
    stored = await hashPassword('correct horse battery');
  });

  it('accepts the password that was hashed', async () => {
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
  });

  it.each([
    ['another password', 'wrong horse battery'],
    ['a different case', 'Correct horse battery'],
    ['a prefix', 'correct horse'],
    ['nothing', ''],
  ])('refuses %s', async (_case, candidate) => {
    expect(await verifyPassword(candidate, stored)).toBe(false);
  });

  it('refuses when the stored hash was altered', async () => {
    const parts = stored.split('$');
    const hash = Buffer.from(parts[5], 'base64url');
    hash[0] ^= 1;
    parts[5] = hash.toString('base64url');

    expect(await verifyPassword('correct horse battery', parts.join('$'))).toBe(false);
  });

  it('refuses a password stored in plain text or under another scheme', async () => {
    expect(await verifyPassword('correct horse battery', 'correct horse battery')).toBe(false);
    expect(await verifyPassword('correct horse battery', stored.replace(/^scrypt/, 'bcrypt'))).toBe(false);
    expect(await verifyPassword('correct horse battery', '')).toBe(false);
  });

  it('verifies with the parameters stored beside the hash, so they can be raised later', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const legacy = [
      'scrypt',
      1024,
      8,
      1,
      salt.toString('base64url'),
      scryptSync('old password', salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64url'),
    ].join('$');

    expect(await verifyPassword('old password', legacy)).toBe(true);
    expect(await verifyPassword('other password', legacy)).toBe(false);
  });
});
