import { loginFromEmail, normalizeEmail, validateNewAccount } from './user';

const valid = { email: 'owner@example.com', password: 'long enough', login: '' };

describe('validateNewAccount', () => {
  it('accepts an e-mail, a password of 8 or more characters and no login', () => {
    expect(validateNewAccount(valid)).toEqual({});
  });

  it.each(['ab1', 'jane.doe', 'shop_owner-2', 'a'.repeat(40)])('accepts the login %s', (login) => {
    expect(validateNewAccount({ ...valid, login })).toEqual({});
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(41)],
    ['uppercase', 'Jane'],
    ['ending in a dot', 'jane.'],
    ['starting with a hyphen', '-jane'],
    ['with a space', 'jane doe'],
  ])('refuses a login %s', (_case, login) => {
    expect(validateNewAccount({ ...valid, login })).toEqual({ login: ['must be 3 to 40 lowercase letters, digits, _ . or -'] });
  });

  it.each(['no-at-sign', 'two@@example.com', 'no-dot@example', 'spaces in@example.com', ''])('refuses the e-mail "%s"', (email) => {
    expect(validateNewAccount({ ...valid, email })).toEqual({ email: ['is not a valid e-mail address'] });
  });

  it('refuses an e-mail longer than 254 characters', () => {
    expect(validateNewAccount({ ...valid, email: `${'a'.repeat(250)}@example.com` })).toEqual({ email: ['is not a valid e-mail address'] });
  });

  it('bounds the password length on both sides', () => {
    expect(validateNewAccount({ ...valid, password: '1234567' })).toEqual({ password: ['is too short (minimum is 8 characters)'] });
    expect(validateNewAccount({ ...valid, password: '12345678' })).toEqual({});
    expect(validateNewAccount({ ...valid, password: 'x'.repeat(1025) })).toEqual({
      password: ['is too long (maximum is 1024 characters)'],
    });
  });

  it('names every bad field at once', () => {
    expect(Object.keys(validateNewAccount({ email: 'nope', password: 'short', login: 'X' })).sort()).toEqual([
      'email',
      'login',
      'password',
    ]);
  });
});

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
});

describe('loginFromEmail', () => {
  it.each([
    ['jane.doe@example.com', 'jane.doe'],
    ['jane+shop@example.com', 'janeshop'],
    ['Jane_Doe@example.com', 'jane_doe'],
    ['ab@example.com', 'abuser'],
    ['.x.@example.com', 'xuser'],
    ['++@example.com', 'user'],
    [`${'a'.repeat(45)}@example.com`, 'a'.repeat(40)],
  ])('derives a login from %s', (email, login) => {
    expect(loginFromEmail(email)).toBe(login);
  });

  it.each([
    `${'a'.repeat(39)}.b@example.com`,
    `${'a'.repeat(39)}-_b@example.com`,
    '-._@example.com',
    'x@example.com',
    'über.müller@example.com',
  ])('derives a login the login rules accept from %s', (email) => {
    expect(validateNewAccount({ ...valid, login: loginFromEmail(email) })).toEqual({});
  });
});
