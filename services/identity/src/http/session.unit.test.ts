import { newSession, SessionCodec } from './session';

const codec = new SessionCodec('s'.repeat(40));

describe('SessionCodec', () => {
  it('reads back the session it signed', () => {
    const session = newSession(42);
    expect(codec.decode(codec.encode(session))).toEqual(session);
  });

  it('refuses a cookie that was altered, signed with another secret, or expired', () => {
    const session = newSession(42);
    const [payload, signature] = codec.encode(session).split('.');
    const forged = Buffer.from(JSON.stringify({ ...session, userId: 1 })).toString('base64url');

    expect(codec.decode(`${forged}.${signature}`)).toBeUndefined();
    expect(new SessionCodec('t'.repeat(40)).decode(`${payload}.${signature}`)).toBeUndefined();
    expect(codec.decode(codec.encode(session), session.expiresAt)).toBeUndefined();
    expect(codec.decode('garbage')).toBeUndefined();
    expect(codec.decode(undefined)).toBeUndefined();
  });

  it('binds CSRF tokens to the session id', () => {
    const one = newSession(0);
    const two = newSession(0);
    expect(codec.checkCsrf(one, codec.csrfToken(one))).toBe(true);
    expect(codec.checkCsrf(two, codec.csrfToken(one))).toBe(false);
    expect(codec.checkCsrf(one, undefined)).toBe(false);
  });
});
